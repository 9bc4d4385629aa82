import { fixed, type RouteEntry } from './routeEntry.ts';
import type { NoticeRouteName } from './routeTypes.ts';

/**
 * The notices' routes (docs/notices.md): the FedRAMP notice at the spec's /notification/FEDRAMP, the
 * terms of service and the retired-app notice at routes of ours (spec §2 names the page families, not
 * their routes). The notices flow's states carry their tags; none carries a parameter.
 */
export const noticeRoutes: { [N in NoticeRouteName]: RouteEntry<N> } = {
  fedrampNotice: fixed('fedrampNotice', '/notification/FEDRAMP'),
  termsOfService: fixed('termsOfService', '/termsOfService'),
  retiredApp: fixed('retiredApp', '/retiredApp'),
};
