import { Hono } from 'hono';
import { backendCode } from '../../api/contract/backendCodes.ts';
import { clientIdSchema } from '../../api/contract/config.ts';
import { type ServerAnalytics, sendServerAnalytics } from '../analytics/analytics.ts';
import type { BrowserSessions } from '../auth/browser-sessions.ts';
import { findUserByExtensionId, loginIdOf } from '../auth/users.service.ts';
import { authorisationResponse } from '../authorisation/authorisation.service.ts';
import { findActiveClient, isRegisteredRedirectUri } from '../clients/clients.service.ts';
import type { Database } from '../db/client.ts';
import { DEFAULT_BRAND_ID } from '../db/seed-brands.ts';
import { FIRST_PARTY_CLIENT_ID } from '../db/seed-data.ts';
import type { Logger } from '../http/logger.ts';
import { isRetired } from '../notices/retired.service.ts';
import type { TrustedDevices } from '../two-factor/trusted-device.ts';
import { AUTHORIZE_PARAMS, type AuthorizeParams, toStartupQuery } from './authorize.request.ts';
import { answerReturningUser } from './authorize.returning.ts';
import { silentAuthorisation } from './authorize.silent.ts';
import { readIdTokenHint } from './id-token-hint.ts';
import { chooseSession, signInTooOld } from './prompt.ts';
import type { SigningKeys } from './signing-keys.ts';

export interface AuthorizeDeps {
  db: Database;
  keys: SigningKeys;
  issuer: string;
  sessions: BrowserSessions;
  now: () => Date;
  trustedDevices: TrustedDevices;
  /** Where the spec's analytics events go when the server answers for the page. */
  analytics: ServerAnalytics;
  logger: Logger;
}

/** Where a request goes when its redirect URI cannot be trusted: the SPA's invalid-redirect page. */
export const INVALID_REDIRECT_PAGE = `/?${new URLSearchParams({
  clientId: FIRST_PARTY_CLIENT_ID,
  errorCode: `API_ERROR_${backendCode.invalidRedirectUri}`,
})}`;

/**
 * GET /oauth/authorize: checks the request, then hands it to the SPA as its start-up query, or answers
 * itself: prompt=none always, and a returning user whose session decides everything (docs/sessions.md
 * has the table of prompt values and "One redirect").
 */
export function authorizeRoutes(deps: AuthorizeDeps) {
  const { db, sessions, now, trustedDevices, analytics, logger, issuer } = deps;
  return new Hono().get('/authorize', async (c) => {
    // RFC 6749 §3.1: no parameter may appear twice; a repeated one is never guessed between.
    const single = (name: string) => {
      const values = c.req.queries(name);
      return values?.length === 1 ? values[0] : undefined;
    };
    const clientId = clientIdSchema.safeParse(single('client_id'));
    const redirectUri = single('redirect_uri');
    const client = clientId.success ? await findActiveClient(db, clientId.data) : undefined;
    // Never redirect to a URI that is not registered exactly: that is how codes get stolen.
    if (!client || redirectUri === undefined || !isRegisteredRedirectUri(client, redirectUri)) {
      return c.redirect(INVALID_REDIRECT_PAGE, 302);
    }
    const state = single('state');
    const repeated = AUTHORIZE_PARAMS.find((name) => (c.req.queries(name)?.length ?? 0) > 1);
    const params: AuthorizeParams = {};
    for (const name of AUTHORIZE_PARAMS) {
      const value = single(name);
      if (value !== undefined) params[name] = value;
    }
    const refuse = (error: string, description: string) =>
      c.redirect(
        authorisationResponse(issuer, redirectUri, { error, error_description: description }, state),
        302,
      );
    const hinted = await hintedLogin(deps, client.id, params);
    if (hinted === 'invalid')
      return refuse('invalid_request', 'id_token_hint is not an ID token issued to this app');
    // The person the ID token names is who the request is for: the same rule as login_hint.
    if (hinted !== undefined) params.login_hint = hinted;
    const outcome = repeated
      ? ({ ok: false, error: 'invalid_request', description: `${repeated} must not be repeated` } as const)
      : toStartupQuery(client, redirectUri, params);
    if (!outcome.ok) return refuse(outcome.error, outcome.description);

    const at = now();
    // A retired app starts no sign-in (216): the SPA shows the retired notice with its replacement, and
    // prompt=none, which may show nothing, tells the app (RFC 6749 §4.1.2.1 unauthorized_client).
    if (isRetired(client, at)) {
      if (outcome.prompt.none) return refuse('unauthorized_client', 'This app has been retired');
      const retired = { ...outcome.query, errorCode: String(backendCode.applicationRetired) };
      return c.redirect(`/?${new URLSearchParams(retired as Record<string, string>)}`, 302);
    }
    const held = await sessions.list(c, at);
    const choice = chooseSession(held, params.login_hint);
    const { prompt, query } = outcome;
    const trustedDevice = trustedDevices.read(c, at);
    if (prompt.none) {
      const request = {
        issuer,
        client,
        redirectUri,
        params,
        scope: outcome.scope,
        prompt,
        choice,
        trustedDevice,
      };
      return c.redirect(await silentAuthorisation(db, request, at), 302);
    }
    const { startup, scope } = outcome;
    const request = { issuer, client, redirectUri, params, startup, scope, prompt, held, trustedDevice };
    const answered = await answerReturningUser(db, request, at);
    if (answered) {
      // The page would have sent this on its code redirect (machines/states/authorising.ts).
      const brandId = startup.brandId ?? client.brandId ?? DEFAULT_BRAND_ID;
      sendServerAnalytics(analytics, { name: 'authorizeSuccess', clientId: client.id, brandId }, logger);
      return c.redirect(answered.location, 302);
    }
    // The session the SPA will go on with unless the user picks another: the one named by login_hint,
    // else the most recent. A hint naming nobody signed in here means signing that account in.
    const session = choice.session ?? (choice.reason === 'several' ? held[0] : undefined);
    if (!session || prompt.login || signInTooOld(session, prompt, at)) query.force = 'true';
    return c.redirect(`/?${new URLSearchParams(query as Record<string, string>)}`, 302);
  });
}

/**
 * id_token_hint (Core §3.1.2.1) as a login id: the person an ID token of this app names, so the start-up
 * rule treats it as it treats login_hint (an explicit login_hint wins). 'invalid' for a hint that is not
 * such a token; undefined without one, or for an account that no longer exists.
 */
async function hintedLogin(
  { db, keys, issuer }: Pick<AuthorizeDeps, 'db' | 'keys' | 'issuer'>,
  clientId: string,
  params: AuthorizeParams,
): Promise<string | undefined | 'invalid'> {
  if (params.id_token_hint === undefined) return undefined;
  const hint = await readIdTokenHint(keys, issuer, params.id_token_hint, clientId);
  if (!hint) return 'invalid';
  if (params.login_hint !== undefined) return undefined;
  const user = await findUserByExtensionId(db, hint.subject);
  return user ? loginIdOf(user) : undefined;
}
