import type { Route, RouteName, RouteSource } from './routeTypes.ts';

/** One row of the route table (machines/routes.ts): both directions for one route. */
export interface RouteEntry<N extends RouteName> {
  name: N;
  pattern: RegExp;
  fromMatch: (groups: string[]) => Extract<Route, { name: N }> | undefined;
  toPath: (route: Extract<Route, { name: N }>) => string;
  fromSource: (source: RouteSource) => Extract<Route, { name: N }> | undefined;
}

/** A route with no parameters: one path, matched exactly. */
export function fixed<N extends Exclude<RouteName, 'root'>>(name: N, path: string): RouteEntry<N> {
  const route = { name } as Extract<Route, { name: N }>;
  return {
    name,
    pattern: new RegExp(`^${path}$`),
    fromMatch: () => route,
    toPath: () => path,
    fromSource: () => route,
  };
}

export function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
