import { toApiError } from '../api/errors.ts';
import type { RouteName } from './routeTypes.ts';
import { isSessionExpiry } from './signIn.context.ts';

export type { FlowInput } from './flowInput.ts';

/**
 * What every joined flow (two-factor, account, emergency address, notices, passkeys) shares: the input
 * head the sign-in machine hands each of them (machines/states/joinFlow.ts, `flowInputOf`), and the
 * guards each flow's setup spreads in before its own.
 */
type ErrorParams = { error: unknown };
type RouteEvent = { type: string; route?: { name: RouteName } };

export const flowGuards = {
  // 221, 222 and 227 end the flow with `sessionExpired`: the sign-in machine shows its page.
  isSessionExpired: (_: unknown, params: ErrorParams) => isSessionExpiry(toApiError(params.error)),
  // Back, forward or a typed-in hash to one of the flow's own pages.
  isRouteTo: ({ event }: { event: RouteEvent }, params: { name: RouteName }) =>
    event.type === 'route.changed' && event.route?.name === params.name,
};
