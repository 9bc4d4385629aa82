import { Hono } from 'hono';
import { clientIdSchema } from '../../api/contract/config.ts';
import { backendCode } from '../../api/contract/envelope.ts';
import { currentSession } from '../auth/session.service.ts';
import { appendQuery } from '../authorisation/authorisation.service.ts';
import { findClient, isRegisteredRedirectUri } from '../clients/clients.service.ts';
import type { Database } from '../db/client.ts';
import { FIRST_PARTY_CLIENT_ID } from '../db/seed-data.ts';
import { AUTHORIZE_PARAMS, type AuthorizeParams, toStartupQuery } from './authorize.request.ts';

export interface AuthorizeDeps {
  db: Database;
  now: () => Date;
}

/** Where a request goes when its redirect URI cannot be trusted: the SPA's invalid-redirect page. */
export const INVALID_REDIRECT_PAGE = `/?${new URLSearchParams({
  clientId: FIRST_PARTY_CLIENT_ID,
  errorCode: `API_ERROR_${backendCode.invalidRedirectUri}`,
})}`;

/** GET /oauth/authorize: checks the request, then hands it to the SPA as its start-up query. */
export function authorizeRoutes({ db, now }: AuthorizeDeps) {
  return new Hono().get('/authorize', async (c) => {
    // RFC 6749 §3.1: no parameter may appear twice; a repeated one is never guessed between.
    const single = (name: string) => {
      const values = c.req.queries(name);
      return values?.length === 1 ? values[0] : undefined;
    };
    const clientId = clientIdSchema.safeParse(single('client_id'));
    const redirectUri = single('redirect_uri');
    const client = clientId.success ? await findClient(db, clientId.data) : undefined;
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
    const signedIn = (await currentSession(db, c, now())) !== undefined;
    const outcome = repeated
      ? ({ ok: false, error: 'invalid_request', description: `${repeated} must not be repeated` } as const)
      : toStartupQuery(client, redirectUri, params, signedIn);
    if (outcome.ok) {
      return c.redirect(`/?${new URLSearchParams(outcome.query as Record<string, string>)}`, 302);
    }
    const back = { error: outcome.error, error_description: outcome.description };
    return c.redirect(appendQuery(redirectUri, state !== undefined ? { ...back, state } : back), 302);
  });
}
