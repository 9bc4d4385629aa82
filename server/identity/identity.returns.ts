import type { IdentityEntrance } from '../../api/contract/identity.ts';
import { colourScheme } from '../http/colour-scheme.ts';
import type { IdentityRequest } from './identity.requests.ts';
import type { IdentityFailure } from './identity.service.ts';

/**
 * The SPA page a failure returns to (spec §2 routes; the SPA's own table is machines/ssoRoutes.ts):
 * the identity-provider mismatch at /error/{ssoType}/SSO_EMAIL_MISMATCH/{ssoEmail}, every other
 * refusal at /notification/{ssoType}/{errorCode}, an expired request at /notification/{ssoType}. As
 * with the emailed links (server/account/links.ts), the page travels in the fragment of the SPA's own
 * start-up address, so a reload of it shows the same page.
 */
export function failureRoute(entrance: IdentityEntrance, failure: IdentityFailure): string {
  switch (failure.kind) {
    case 'mismatch':
      return `/error/${entrance}/SSO_EMAIL_MISMATCH/${encodeURIComponent(failure.identity)}`;
    case 'refused':
      return `/notification/${entrance}/${failure.code}`;
    case 'expired':
      return `/notification/${entrance}`;
  }
}

/** The SPA's start-up address with the page's own parameters, optionally opening on a route. */
export const spaAddress = (returnQuery: string, route?: string) =>
  route === undefined ? `/?${returnQuery}` : `/?${returnQuery}#${route}`;

/** The SPA's theme=light or theme=dark, which travels in the request's return query: the provider's pages keep it. */
export const requestScheme = (request: IdentityRequest) =>
  colourScheme(new URLSearchParams(request.returnQuery).get('theme'));
