import type { Context, MiddlewareHandler } from 'hono';
import { backendCode } from '../../api/contract/backendCodes.ts';
import { errorReply } from './errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Why a request must not change state here, or undefined when it may. SameSite=Lax keeps the session
 * cookies off other sites' POSTs, but not off a sibling subdomain's (same site, other origin), so the
 * browser's own account of where a request came from decides: `Sec-Fetch-Site` (every current
 * browser) must not say another site, and `Origin`, when present, must be ours. One exception: under
 * this server's `Referrer-Policy: no-referrer`, browsers send `Origin: null` on form posts, even
 * same-origin ones (Fetch §3.1, "append a request Origin header"), so `null` passes when
 * Sec-Fetch-Site says same-origin. A request without either header is no browser's cross-site
 * request (curl, server to server) and carries nobody's cookies by accident.
 */
export function crossSiteReason(c: Context, publicOrigin: string): string | undefined {
  const site = c.req.header('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site')
    return `Refused: this request was made by another site (Sec-Fetch-Site: ${site})`;
  const origin = c.req.header('origin');
  if (origin === undefined || origin === publicOrigin) return undefined;
  if (origin === 'null' && site === 'same-origin') return undefined;
  return 'Refused: the Origin header names another site than this one';
}

/**
 * CSRF defence for every state-changing request (POST, PUT, PATCH, DELETE) except the paths named:
 * 403 with CROSS_SITE_REQUEST in the house envelope. Exempt are the OAuth back-channel endpoints that
 * apps call from their own origins (/oauth/token, /oauth/revoke) and /oauth/logout, which applies its
 * own rule (a cross-site sign-out without a valid hint only reaches the account picker).
 */
export function refuseCrossSite(publicOrigin: string, exempt: readonly string[]): MiddlewareHandler {
  const exempted = new Set(exempt);
  return async (c, next) => {
    if (STATE_CHANGING.has(c.req.method) && !exempted.has(c.req.path)) {
      const reason = crossSiteReason(c, publicOrigin);
      if (reason) return c.json(errorReply(backendCode.crossSiteRequest, reason), 403);
    }
    await next();
  };
}
