import type { Context } from 'hono';
import { z } from 'zod';
import { clientIdSchema } from '../../api/contract/config.ts';
import type { Client } from '../clients/clients.service.ts';
import { FIRST_PARTY_CLIENT_ID } from '../db/seed-data.ts';
import { readOwnAccessToken } from './access-tokens.ts';
import { readIdTokenHint } from './id-token-hint.ts';
import type { SigningKeys } from './signing-keys.ts';

/** RP-Initiated Logout 1.0 §2 parameters Foyer reads; anything else is ignored. */
export const endSessionRequest = z.object({
  client_id: z.optional(clientIdSchema),
  post_logout_redirect_uri: z.string().min(1).max(2048).optional(),
  state: z.string().max(1024).optional(),
  id_token_hint: z.string().min(1).max(4096).optional(),
  /** A login id (RP-Initiated Logout §2): with no ID token, whose session the app means. */
  logout_hint: z.string().min(1).max(256).optional(),
  /** The languages the signed-out page should speak (BCP 47, space-separated). */
  ui_locales: z.string().max(256).optional(),
});
export type EndSessionRequest = z.infer<typeof endSessionRequest>;

/** What a usable id_token_hint tells: whose session to end, and for which app it was issued. */
export interface LogoutHint {
  subject: string;
  clientId: string;
}

/**
 * The hint is the ID token Foyer issued the app (RP-Initiated Logout §2), or, as apps did before Foyer
 * issued ID tokens, an access token this server signed for it: signature, issuer, type and audience must
 * check out, and it must be the named client's. Expiry does not matter (an app signing out may well hold
 * an expired token). Undefined means refused: forged, tampered, someone else's, or another app's.
 */
export async function readLogoutHint(
  keys: SigningKeys,
  issuer: string,
  hint: string,
  clientId: string | undefined,
): Promise<LogoutHint | undefined> {
  const idToken = await readIdTokenHint(keys, issuer, hint, clientId);
  if (idToken) return { subject: idToken.subject, clientId: idToken.clientId };
  const claims = await readOwnAccessToken(keys, issuer, hint);
  if (!claims) return undefined;
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(issuer)) return undefined;
  const { sub, client_id: tokenClient } = claims;
  if (typeof sub !== 'string' || typeof tokenClient !== 'string') return undefined;
  if (clientId !== undefined && tokenClient !== clientId) return undefined;
  return { subject: sub, clientId: tokenClient };
}

/**
 * Whether the browser says this request started on Foyer's own origin or with the user (typed,
 * bookmarked): only then may a sign-out without a hint go ahead. No header (an old browser) counts as
 * not known, so it takes the safe road to the account picker. A form post of our own pages says
 * `Origin: null` (Referrer-Policy no-referrer; see server/http/same-origin.ts).
 */
export function startedHere(c: Context, publicOrigin: string): boolean {
  const site = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin');
  const ours = origin === undefined || origin === publicOrigin || origin === 'null';
  return (site === 'same-origin' || site === 'none') && ours;
}

/**
 * An SPA page the server sends the browser to: where a sign-out lands when the app gave no usable
 * return address (docs/sessions.md), and room activation's pages (docs/room-activation.md).
 */
export function spaPage(route: string, client: Client | undefined, brandId?: string, uiLocales?: string) {
  const query = new URLSearchParams({ clientId: client?.id ?? FIRST_PARTY_CLIENT_ID });
  if (brandId !== undefined) query.set('brandId', brandId);
  if (uiLocales !== undefined) query.set('ui_locales', uiLocales);
  return `/?${query}#/${route}`;
}

/** The return address, only when registered exactly for the client (RP-Initiated Logout 1.0 §3). */
export function registeredReturn(client: Client | undefined, uri: string | undefined): string | undefined {
  return client && uri !== undefined && client.postLogoutRedirectUris.includes(uri) ? uri : undefined;
}
