import { fixed, type RouteEntry } from './routeEntry.ts';
import type { PasskeyRouteName } from './routeTypes.ts';

/**
 * The passkeys flow's routes (docs/passkeys.md; ours): the offer after a password sign-in and the
 * account's list of passkeys. Neither carries a parameter; a reload on either goes back to the start.
 */
export const passkeyRoutes: { [N in PasskeyRouteName]: RouteEntry<N> } = {
  passkeyOffer: fixed('passkeyOffer', '/passkeys/offer'),
  passkeyList: fixed('passkeyList', '/passkeys'),
};
