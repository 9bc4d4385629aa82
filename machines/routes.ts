import type { AnyActorRef } from 'xstate';
import type { ContactBy } from '../api/contract/twoFactor.ts';
import { credentialSegment } from '../api/credential.ts';
import { accountRoutes } from './accountRoutes.ts';
import { emergencyRoutes } from './emergencyRoutes.ts';
import { noticeRoutes } from './noticeRoutes.ts';
import { passkeyRoutes } from './passkeyRoutes.ts';
import { roomRoutes } from './roomRoutes.ts';
import { fixed, type RouteEntry, safeDecode } from './routeEntry.ts';
import type {
  AccountRouteName,
  EmergencyRouteName,
  NoticeRouteName,
  PasskeyRouteName,
  RoomRouteName,
  Route,
  RouteName,
  RouteSource,
  ScreenTag,
  SsoRouteName,
} from './routeTypes.ts';
import { ssoRoutes } from './ssoRoutes.ts';

export type * from './routeTypes.ts';

/**
 * The only place that knows route strings (house rule 3). Each routed screen is a tag on the states
 * that show it; `routeOf` reads the tag and the context, `parseRoute` reads a typed-in or
 * back/forward hash. Both directions live in the one table below; the
 * route types are machines/routeTypes.ts, a leaf every route family imports.
 */

const CODE = '([A-Za-z0-9_]+(?:/[A-Za-z0-9_]+)*)';

const table: {
  [N in Exclude<
    RouteName,
    | 'root'
    | AccountRouteName
    | EmergencyRouteName
    | NoticeRouteName
    | PasskeyRouteName
    | RoomRouteName
    | SsoRouteName
  >]: RouteEntry<N>;
} = {
  enterCredential: fixed('enterCredential', '/enterCredential'),
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
  ssoLogin: fixed('ssoLogin', '/ssoLogin'),
  consent: fixed('consent', '/consent'),
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
  loginAutomationNotification: fixed('loginAutomationNotification', '/loginAutomationNotification'),
  launchApp: fixed('launchApp', '/launchApp'),
  selectAccount: fixed('selectAccount', '/selectAccount'),
  // The signed-out page (spec §2 page family "signed out"; route ours).
  signedOut: fixed('signedOut', '/signedOut'),
  // Spec §2 two-factor routes; the flow's own machine (machines/twoFactor/) carries these tags.
  twoFactorDispatcher: fixed('twoFactorDispatcher', '/twoFactor/dispatcher'),
  twoFactorOptions: fixed('twoFactorOptions', '/twoFactor/options'),
  // /twoFactor/verify/{confirmChannel}(/{contactInfo}) and /twoFactor/verify/APP; the contact is masked.
  twoFactorVerify: {
    name: 'twoFactorVerify',
    pattern: /^\/twoFactor\/verify\/(Phone|Sms|Email|APP)(?:\/([^/]+))?$/,
    fromMatch: ([channel, contact]) => {
      const decoded = contact === undefined ? undefined : safeDecode(contact);
      if (contact !== undefined && !decoded) return undefined;
      return { name: 'twoFactorVerify', channel: channel as ContactBy, contact: decoded };
    },
    toPath: ({ channel, contact }) =>
      contact && channel !== 'APP'
        ? `/twoFactor/verify/${channel}/${encodeURIComponent(contact)}`
        : `/twoFactor/verify/${channel}`,
    fromSource: ({ channel, maskedContact }) =>
      channel && { name: 'twoFactorVerify', channel, contact: maskedContact },
  },
  twoFactorSetup: fixed('twoFactorSetup', '/twoFactor/setupAuthentication'),
};

// The SSO routes first: /error/{ssoType}/SSO_EMAIL_MISMATCH/… is theirs, not /error/{code}'s.
const entries = [
  ...Object.values(ssoRoutes),
  ...Object.values(table),
  ...Object.values(accountRoutes),
  ...Object.values(emergencyRoutes),
  ...Object.values(noticeRoutes),
  ...Object.values(roomRoutes),
  ...Object.values(passkeyRoutes),
] as RouteEntry<Exclude<RouteName, 'root'>>[];

/**
 * Every routed screen's name, in the order the address is matched. The screenshot gallery
 * (test/gallery) enumerates the screens from here, so a new route cannot be left out of it.
 */
export const routeNames = (): Exclude<RouteName, 'root'>[] => entries.map((entry) => entry.name);

function entryOf<N extends Exclude<RouteName, 'root'>>(name: N): RouteEntry<N> {
  return ((table as Record<string, unknown>)[name] ??
    (accountRoutes as Record<string, unknown>)[name] ??
    (emergencyRoutes as Record<string, unknown>)[name] ??
    (noticeRoutes as Record<string, unknown>)[name] ??
    (roomRoutes as Record<string, unknown>)[name] ??
    (passkeyRoutes as Record<string, unknown>)[name] ??
    (ssoRoutes as Record<string, unknown>)[name]) as RouteEntry<N>;
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
  const entry = entryOf(route.name);
  return entry.toPath(route as never);
}

/** A machine snapshot as routing reads it; `children` holds lazily loaded flows (machines/lazyFlow.ts). */
export interface RoutedSnapshot {
  /** Each machine's hasTag takes only its own tags: routing asks with any screen tag (see `shows`). */
  hasTag: (tag: never) => boolean;
  context: RouteSource;
  children?: Readonly<Record<string, AnyActorRef | undefined>>;
}

/** A tag another machine does not have is simply not active there. */
const shows = (snapshot: RoutedSnapshot, tag: ScreenTag) =>
  (snapshot.hasTag as (tag: string) => boolean)(tag);

/** The lazily loaded flow a snapshot runs (two-factor, …): the child whose snapshot has a `flow`. */
export function activeFlowRefOf(snapshot: RoutedSnapshot): AnyActorRef | undefined {
  return Object.values(snapshot.children ?? {}).find(
    (child) => child !== undefined && 'flow' in (child.getSnapshot() as object),
  );
}

/** The flow's own machine snapshot, once its chunk is in. */
export const flowSnapshotOf = (flowSnapshot: unknown): RoutedSnapshot | undefined =>
  (flowSnapshot as { flow?: RoutedSnapshot } | undefined)?.flow;

/** The route a snapshot's own screen tags name, leaving any flow it runs aside. */
export function ownRouteOf(snapshot: RoutedSnapshot): Route | undefined {
  for (const entry of entries) {
    if (shows(snapshot, `screen.${entry.name}`)) return entry.fromSource(snapshot.context);
  }
  return undefined;
}

/**
 * The route of the screen a snapshot shows, or undefined while no screen is routed (booting,
 * redirecting, a flow whose chunk is loading). A state that runs a lazily loaded flow has no screen
 * tag of its own: the flow's active state names the route.
 */
export function routeOf(snapshot: RoutedSnapshot): Route | undefined {
  const own = ownRouteOf(snapshot);
  if (own) return own;
  const flow = flowSnapshotOf(activeFlowRefOf(snapshot)?.getSnapshot());
  return flow ? routeOf(flow) : undefined;
}

/** The route of a named screen built from the context (used by back navigation). */
export function routeFor(name: RouteName, source: RouteSource): Route | undefined {
  return name === 'root' ? { name: 'root' } : entryOf(name).fromSource(source);
}

export const sameRoute = (a: Route | undefined, b: Route | undefined) =>
  a !== undefined && b !== undefined && pathOf(a) === pathOf(b);
