import type { Credential } from '../api/credential.ts';
import { credentialSegment } from '../api/credential.ts';

/**
 * The only place that knows route strings (house rule 3). Each routed screen is a tag on the states
 * that show it; `routeOf` reads the tag and the context, `parseRoute` reads a typed-in or
 * back/forward hash. Both directions live in the one table below.
 */
export type Route =
  | { name: 'root' }
  | { name: 'enterCredential' }
  | { name: 'enterPassword'; kind: Credential['kind']; credential: string }
  | { name: 'ssoLogin' }
  | { name: 'consent' }
  | { name: 'error'; code: string }
  | { name: 'warning'; code: string }
  | { name: 'loginAutomationNotification' }
  | { name: 'launchApp' }
  | { name: 'selectAccount' }
  | { name: 'signedOut' };

export type RouteName = Route['name'];
export type ScreenTag = `screen.${Exclude<RouteName, 'root'>}`;

/** What a route needs from the machine's context to be built. */
export interface RouteSource {
  credential: Credential | undefined;
  failure: { code: string } | undefined;
}

interface RouteEntry<N extends RouteName> {
  name: N;
  pattern: RegExp;
  fromMatch: (groups: string[]) => Extract<Route, { name: N }> | undefined;
  toPath: (route: Extract<Route, { name: N }>) => string;
  fromSource: (source: RouteSource) => Extract<Route, { name: N }> | undefined;
}

const CODE = '([A-Za-z0-9_]+(?:/[A-Za-z0-9_]+)*)';

const table: { [N in Exclude<RouteName, 'root'>]: RouteEntry<N> } = {
  enterCredential: {
    name: 'enterCredential',
    pattern: /^\/enterCredential$/,
    fromMatch: () => ({ name: 'enterCredential' }),
    toPath: () => '/enterCredential',
    fromSource: () => ({ name: 'enterCredential' }),
  },
  enterPassword: {
    name: 'enterPassword',
    pattern: /^\/enterPassword\/(email|number)\/([^/]+)$/,
    fromMatch: ([kind, credential]) => {
      const decoded = safeDecode(credential ?? '');
      if ((kind !== 'email' && kind !== 'number') || !decoded) return undefined;
      return { name: 'enterPassword', kind, credential: decoded };
    },
    toPath: (route) => `/enterPassword/${route.kind}/${encodeURIComponent(route.credential)}`,
    fromSource: ({ credential }) =>
      credential && {
        name: 'enterPassword',
        kind: credential.kind,
        credential: credentialSegment(credential),
      },
  },
  ssoLogin: {
    name: 'ssoLogin',
    pattern: /^\/ssoLogin$/,
    fromMatch: () => ({ name: 'ssoLogin' }),
    toPath: () => '/ssoLogin',
    fromSource: () => ({ name: 'ssoLogin' }),
  },
  consent: {
    name: 'consent',
    pattern: /^\/consent$/,
    fromMatch: () => ({ name: 'consent' }),
    toPath: () => '/consent',
    fromSource: () => ({ name: 'consent' }),
  },
  error: {
    name: 'error',
    pattern: new RegExp(`^/error/${CODE}$`),
    fromMatch: ([code]) => (code ? { name: 'error', code } : undefined),
    toPath: (route) => `/error/${route.code}`,
    fromSource: ({ failure }) => failure && { name: 'error', code: failure.code },
  },
  warning: {
    name: 'warning',
    pattern: new RegExp(`^/warning/${CODE}$`),
    fromMatch: ([code]) => (code ? { name: 'warning', code } : undefined),
    toPath: (route) => `/warning/${route.code}`,
    fromSource: ({ failure }) => failure && { name: 'warning', code: failure.code },
  },
  loginAutomationNotification: {
    name: 'loginAutomationNotification',
    pattern: /^\/loginAutomationNotification$/,
    fromMatch: () => ({ name: 'loginAutomationNotification' }),
    toPath: () => '/loginAutomationNotification',
    fromSource: () => ({ name: 'loginAutomationNotification' }),
  },
  launchApp: {
    name: 'launchApp',
    pattern: /^\/launchApp$/,
    fromMatch: () => ({ name: 'launchApp' }),
    toPath: () => '/launchApp',
    fromSource: () => ({ name: 'launchApp' }),
  },
  selectAccount: {
    name: 'selectAccount',
    pattern: /^\/selectAccount$/,
    fromMatch: () => ({ name: 'selectAccount' }),
    toPath: () => '/selectAccount',
    fromSource: () => ({ name: 'selectAccount' }),
  },
  // The signed-out page (spec §2 page family "signed out"; route ours).
  signedOut: {
    name: 'signedOut',
    pattern: /^\/signedOut$/,
    fromMatch: () => ({ name: 'signedOut' }),
    toPath: () => '/signedOut',
    fromSource: () => ({ name: 'signedOut' }),
  },
};

const entries = Object.values(table) as RouteEntry<Exclude<RouteName, 'root'>>[];

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** A hash (with or without '#') → the route it names; anything unknown is the root. */
export function parseRoute(hash: string): Route {
  const path = `/${hash.replace(/^#?\/?/, '')}`.split('?')[0] ?? '/';
  for (const entry of entries) {
    const match = entry.pattern.exec(path);
    if (match) return entry.fromMatch(match.slice(1)) ?? { name: 'root' };
  }
  return { name: 'root' };
}

/** A route → its hash path (without '#'). */
export function pathOf(route: Route): string {
  if (route.name === 'root') return '/';
  const entry = table[route.name] as RouteEntry<typeof route.name>;
  return entry.toPath(route as never);
}

/** The route of the screen a snapshot shows, or undefined while no screen is routed (booting, redirecting). */
export function routeOf(snapshot: {
  hasTag: (tag: ScreenTag) => boolean;
  context: RouteSource;
}): Route | undefined {
  for (const entry of entries) {
    if (snapshot.hasTag(`screen.${entry.name}`)) return entry.fromSource(snapshot.context);
  }
  return undefined;
}

/** The route of a named screen built from the context (used by back navigation). */
export function routeFor(name: RouteName, source: RouteSource): Route | undefined {
  return name === 'root' ? { name: 'root' } : table[name].fromSource(source);
}

export const sameRoute = (a: Route | undefined, b: Route | undefined) =>
  a !== undefined && b !== undefined && pathOf(a) === pathOf(b);
