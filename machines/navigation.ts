import type { RouteName } from './routes.ts';

/** One step the user took between routed screens (spec §4: back navigation keeps these pairs). */
export interface NavigationPair {
  source: RouteName;
  destination: RouteName;
}

/**
 * The back stack after arriving at `destination` from `source`. Arriving at a screen that an earlier
 * pair left from is a step back, so the stack is cut there instead of growing.
 */
export function pushNavigation(
  stack: readonly NavigationPair[],
  source: RouteName | undefined,
  destination: RouteName,
): NavigationPair[] {
  if (source === undefined || source === destination) return [...stack];
  const back = stack.findIndex((pair) => pair.source === destination);
  if (back >= 0) return stack.slice(0, back);
  return [...stack, { source, destination }];
}
