import type { RoomEntry, RoomNotActivatedReason } from './room/room.types.ts';
import { fixed, type RouteEntry } from './routeEntry.ts';
import type { RoomRouteName, Route } from './routeTypes.ts';

/**
 * The room activation routes (ours: the spec shows none). A code in the address only prefills the
 * field: the route built from the flow leaves it out, so a code never stays in the history.
 */
export const roomRoutes: { [N in RoomRouteName]: RouteEntry<N> } = {
  roomActivation: {
    name: 'roomActivation',
    // The code a link may carry (/device?user_code=… redirects here), checked loosely: letters and
    // dashes, at most 16; the page checks it properly on submit. Any other segment opens the page empty.
    pattern: /^\/roomActivation(?:\/([A-Za-z-]{1,16})|\/[^/]*)?$/,
    fromMatch: ([userCode]) => ({ name: 'roomActivation', userCode }),
    toPath: ({ userCode }) => (userCode ? `/roomActivation/${userCode}` : '/roomActivation'),
    fromSource: () => ({ name: 'roomActivation' }),
  },
  roomActivated: fixed('roomActivated', '/roomActivated'),
  roomNotActivated: {
    name: 'roomNotActivated',
    // The device callback's three answers (docs/room-activation.md).
    pattern: /^\/roomNotActivated\/(denied|expired|failed)$/,
    fromMatch: ([reason]) => ({ name: 'roomNotActivated', reason: reason as RoomNotActivatedReason }),
    toPath: ({ reason }) => `/roomNotActivated/${reason}`,
    fromSource: ({ notActivatedReason }) =>
      notActivatedReason && { name: 'roomNotActivated', reason: notActivatedReason },
  },
};

/** The room flow's entry for a start-up address, or undefined when the address is not one of its pages. */
export function roomEntryOf(route: Route): RoomEntry | undefined {
  if (route.name === 'roomActivation') return { kind: 'enterCode', userCode: route.userCode };
  if (route.name === 'roomActivated') return { kind: 'activated' };
  if (route.name === 'roomNotActivated') return { kind: 'notActivated', reason: route.reason };
  return undefined;
}
