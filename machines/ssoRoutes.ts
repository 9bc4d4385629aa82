import type { IdentityEntrance } from '../api/contract/identity.ts';
import { fixed, type RouteEntry, safeDecode } from './routeEntry.ts';
import type { Route, SsoRouteName } from './routeTypes.ts';

/** What the identity provider's return names: its entrance, and the failure's code or the identity it signed in. */
export type SsoOutcome = Extract<Route, { name: 'ssoOutcome' }>;

/**
 * Spec §2 /notification/{ssoType}(/{errorCode}) and /error/{ssoType}/SSO_EMAIL_MISMATCH/{ssoEmail}:
 * where the identity provider's failures land (docs/notices.md "SSO notices"), one route for both
 * since one page shows them; and the login option page (route ours). The email is URL-encoded and
 * must read as an email once decoded; anything else is the root. Matched before /error/{code}.
 */
export const ssoRoutes: { [N in SsoRouteName]: RouteEntry<N> } = {
  ssoOutcome: {
    name: 'ssoOutcome',
    pattern:
      /^\/(?:notification\/(sso|google|apple)(?:\/([A-Z0-9_]+))?|error\/(sso|google|apple)\/SSO_EMAIL_MISMATCH\/(.+))$/,
    fromMatch: ([type, code, mismatchType, segment]) => {
      if (type) return { name: 'ssoOutcome', ssoType: type as IdentityEntrance, code };
      const email = safeDecode(segment ?? '');
      return email && /^(?=.{3,254}$)[^\s@/]+@[^\s@/]+$/.test(email)
        ? { name: 'ssoOutcome', ssoType: mismatchType as IdentityEntrance, email }
        : undefined;
    },
    toPath: ({ ssoType, code, email }) =>
      email
        ? `/error/${ssoType}/SSO_EMAIL_MISMATCH/${encodeURIComponent(email)}`
        : `/notification/${ssoType}${code ? `/${code}` : ''}`,
    // The provider's return is the start-up address: the page shows the route it started with.
    fromSource: ({ initialRoute }) => (initialRoute?.name === 'ssoOutcome' ? initialRoute : undefined),
  },
  loginOption: fixed('loginOption', '/loginOption'),
};
