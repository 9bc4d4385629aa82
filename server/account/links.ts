import { startupParamsSchema } from '../../api/contract/startup.ts';
import { findClient, isRegisteredRedirectUri } from '../clients/clients.service.ts';
import type { Database } from '../db/client.ts';
import { FIRST_PARTY_CLIENT_ID } from '../db/seed-data.ts';

/** The SPA's own parameters; these would undo or repeat what the link is for (as server/identity). */
const NOT_RETURNED = new Set(['force', 'prompt', 'errorCode']);
const SPA_KEYS = new Set(Object.keys(startupParamsSchema.shape));

/**
 * The start-up query an emailed link carries, so the user continues to the app they came from once
 * the link's page is done: the request's `returnQuery` when the SPA's own schema accepts it and its
 * app (and redirect URI) are registered, as at /oauth/authorize; otherwise the SPA's first-party start
 * (`clientId=foyer-web`, which ends on the SPA's own pages) in the request's language. `loginHint`
 * (the activation link's: its page calls in-app-activation with the user name, and the fragment holds
 * only the token) replaces any `login_hint` the returnQuery had, which may name someone else.
 */
export async function spaQueryFor(
  db: Database,
  returnQuery: string | undefined,
  localeId: string,
  loginHint?: string,
): Promise<string> {
  const query = await returnedQuery(db, returnQuery, localeId);
  if (loginHint !== undefined) query.set('login_hint', loginHint);
  return query.toString();
}

async function returnedQuery(
  db: Database,
  returnQuery: string | undefined,
  localeId: string,
): Promise<URLSearchParams> {
  const fallback = new URLSearchParams({ clientId: FIRST_PARTY_CLIENT_ID, localeId });
  if (returnQuery === undefined) return fallback;
  const raw = Object.fromEntries(new URLSearchParams(returnQuery.replace(/^\?/, '')));
  const page = startupParamsSchema.safeParse(raw);
  if (!page.success) return fallback;
  const client = await findClient(db, page.data.clientId);
  if (!client) return fallback;
  if (page.data.appUrlScheme !== undefined && !isRegisteredRedirectUri(client, page.data.appUrlScheme))
    return fallback;
  return new URLSearchParams(
    Object.entries(raw).filter(([key]) => SPA_KEYS.has(key) && !NOT_RETURNED.has(key)),
  );
}

/** Where each token kind's link opens in the SPA. */
export const LINK_ROUTES = {
  reset: 'createPassword',
  setup: 'createPassword',
  express: 'expressLink',
  confirm: 'confirmEmail',
  activation: 'activate',
} as const;

/**
 * The token travels in the fragment, never in the path or query: browsers send neither the fragment
 * to a server nor in a Referer, so it stays out of access logs and other sites' logs.
 */
export const spaLink = (publicOrigin: string, spaQuery: string, route: string, token: string) =>
  `${publicOrigin}/?${spaQuery}#/${route}/${token}`;
