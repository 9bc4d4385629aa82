import { fixed, type RouteEntry } from './routeEntry.ts';
import type { EmergencyRouteName } from './routes.ts';

/**
 * Spec §2's emergency-address routes (/emergencyAddress for the dispatcher, 701;
 * /emergencyAddress/forbiddenWithoutDL for the no-digital-line warning, 702) and ours for the pages
 * whose routes it does not show (docs/emergency-address.md). The emergency flow's states carry their
 * tags; none carries a parameter, so a reload needs nothing from the address but the page family.
 */
export const emergencyRoutes: { [N in EmergencyRouteName]: RouteEntry<N> } = {
  emergencyLoading: fixed('emergencyLoading', '/emergencyAddress'),
  emergencyNoDigitalLine: fixed('emergencyNoDigitalLine', '/emergencyAddress/forbiddenWithoutDL'),
  emergencyByoc: fixed('emergencyByoc', '/emergencyAddress/localCarrier'),
  emergencyNoLocations: fixed('emergencyNoLocations', '/emergencyAddress/noLocations'),
  emergencyLocked: fixed('emergencyLocked', '/emergencyAddress/locked'),
  emergencyVersionChanged: fixed('emergencyVersionChanged', '/emergencyAddress/verificationUpdated'),
  emergencyChooseLocation: fixed('emergencyChooseLocation', '/emergencyAddress/locations'),
  emergencyDeleteReplacement: fixed('emergencyDeleteReplacement', '/emergencyAddress/locations/replace'),
  emergencyOutOfCountry: fixed('emergencyOutOfCountry', '/emergencyAddress/outOfCountry'),
  emergencyEditor: fixed('emergencyEditor', '/emergencyAddress/edit'),
  emergencyConfirm: fixed('emergencyConfirm', '/emergencyAddress/confirm'),
  emergencyReplace: fixed('emergencyReplace', '/emergencyAddress/limit'),
  emergencySaved: fixed('emergencySaved', '/emergencyAddress/saved'),
};
