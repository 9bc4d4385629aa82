import { fixed, type RouteEntry } from './routeEntry.ts';
import type { EmergencyRouteName } from './routeTypes.ts';

type Page = EmergencyRouteName extends `emergency${infer P}` ? P : never;

/** Each page's path under /emergencyAddress (one table, compact: these entries load with the first screen). */
const paths: { [P in Page]: string } = {
  // Spec §2: 701 → /emergencyAddress (the dispatcher), 702 → /emergencyAddress/forbiddenWithoutDL.
  Loading: '',
  NoDigitalLine: '/forbiddenWithoutDL',
  // Ours: the pages whose routes the spec does not show (docs/emergency-address.md).
  Byoc: '/localCarrier',
  NoLocations: '/noLocations',
  Locked: '/locked',
  VersionChanged: '/verificationUpdated',
  ChooseLocation: '/locations',
  DeleteReplacement: '/locations/replace',
  OutOfCountry: '/outOfCountry',
  Editor: '/edit',
  Confirm: '/confirm',
  Replace: '/limit',
  Saved: '/saved',
};

/**
 * The emergency-address routes. The emergency flow's states carry their tags; none carries a
 * parameter, so a reload needs nothing from the address but the page family.
 */
export const emergencyRoutes = Object.fromEntries(
  Object.entries(paths).map(([page, path]) => {
    const name = `emergency${page}` as EmergencyRouteName;
    return [name, fixed(name, `/emergencyAddress${path}`)];
  }),
) as { [N in EmergencyRouteName]: RouteEntry<N> };
