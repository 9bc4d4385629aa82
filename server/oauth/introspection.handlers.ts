import { Hono } from 'hono';
import { introspect } from './introspection.service.ts';
import { invalidClient } from './oauth-errors.ts';
import {
  NO_STORE,
  oauthErrorHandler,
  parseForm,
  readForm,
  requestingClient,
  type TokenDeps,
  tokenRequest,
} from './token.handlers.ts';

export const INTROSPECTION_PATH = '/oauth/introspect';

/**
 * POST /oauth/introspect (RFC 7662) for the platform's resource servers. Only a confidential client may
 * ask: a public client's client_id proves nothing, and the endpoint would otherwise describe any token
 * to anyone holding it.
 */
export function introspectionRoutes(deps: Omit<TokenDeps, 'limiters' | 'trustProxy'>) {
  return new Hono()
    .post('/introspect', async (c) => {
      const form = await readForm(c);
      const caller = await requestingClient(c, form, deps);
      if (caller.tokenEndpointAuthMethod === 'none')
        throw invalidClient(
          'Introspection is for confidential clients: authenticate with a secret or key',
          true,
        );
      const request = parseForm(tokenRequest, form);
      const context = { db: deps.db, keys: deps.keys, issuer: deps.issuer, now: deps.now() };
      return c.json(await introspect(context, caller, request.token), 200, NO_STORE);
    })
    .onError(oauthErrorHandler(deps.logger));
}
