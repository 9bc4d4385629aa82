import type { Context, ErrorHandler } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { type Client, findActiveClient } from '../clients/clients.service.ts';
import type { Database } from '../db/client.ts';
import { DEVICE_CODE_GRANT_TYPE } from '../device/device.settings.ts';
import { deviceCodeGrant, pollDeviceGrant } from '../device/device-token.ts';
import { describeError } from '../http/errors.ts';
import type { Logger } from '../http/logger.ts';
import { describeIssues } from '../http/validate.ts';
import { isRetired } from '../notices/retired.service.ts';
import { countTokensIssued } from '../observability/metrics.ts';
import { clientIp } from '../security/client-ip.ts';
import { consumeOrRefuse, type Limiters, RateLimited } from '../security/rate-limits.ts';
import { forBrowserApps } from './browser-apps.ts';
import { authenticateClient } from './client-auth.ts';
import { invalidGrant, OAuthFailure } from './oauth-errors.ts';
import type { SigningKeys } from './signing-keys.ts';
import { exchangeCode, refreshAccessToken, revokeToken, type TokenContext } from './token.service.ts';

export interface TokenDeps {
  db: Database;
  keys: SigningKeys;
  issuer: string;
  now: () => Date;
  logger: Logger;
  limiters: Limiters;
  trustProxy: boolean;
}

const PKCE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
const opaque = z.string().min(1).max(4096);

// client_id and the credentials are client-auth.ts's to read (authenticateClient).
const codeGrant = z.object({
  grant_type: z.literal('authorization_code'),
  code: opaque,
  redirect_uri: z.string().min(1).max(2048),
  code_verifier: z
    .string()
    .regex(PKCE_VERIFIER, 'code_verifier must be 43-128 unreserved characters')
    .optional(),
});
const refreshGrant = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: opaque,
  scope: z.string().max(1024).optional(),
});
const deviceGrant = deviceCodeGrant.omit({ client_id: true });
/** A request about a token: revocation (RFC 7009) and introspection (RFC 7662). */
export const tokenRequest = z.object({
  token: opaque,
  token_type_hint: z.string().max(64).optional(),
});

/**
 * POST /oauth/token and /oauth/revoke. Every request authenticates its client first, as the client is
 * registered (client-auth.ts): public clients by client_id alone, confidential ones by secret or assertion.
 */
export function tokenRoutes(deps: TokenDeps) {
  const context = (): TokenContext => ({
    db: deps.db,
    keys: deps.keys,
    issuer: deps.issuer,
    now: deps.now(),
  });
  return (
    new Hono()
      // Browser apps (public clients: oidc-client-ts, oauth4webapi in a page) call these from their own
      // origin. No cookie is ever read here, so any origin may: the client authenticates itself.
      .use('/token', BROWSER_APPS)
      .use('/revoke', BROWSER_APPS)
      .use('/token', async (c, next) => {
        const ip = clientIp(c, deps.trustProxy);
        await consumeOrRefuse(deps.limiters.tokenByIp, ip, deps.logger, `ip ${ip}`);
        await next();
      })
      .post('/token', async (c) => {
        const form = await readForm(c);
        const grantType = form.grant_type;
        if (grantType === undefined) throw new OAuthFailure('invalid_request', 'grant_type is required');
        if (!GRANT_TYPES.has(grantType))
          throw new OAuthFailure(
            'unsupported_grant_type',
            `grant_type must be authorization_code, refresh_token or ${DEVICE_CODE_GRANT_TYPE}`,
          );
        const client = clientInService(await requestingClient(c, form, deps), deps.now());
        if (grantType === 'authorization_code') {
          const request = parseForm(codeGrant, form);
          const tokens = await exchangeCode(context(), client, {
            code: request.code,
            redirectUri: request.redirect_uri,
            codeVerifier: request.code_verifier,
          });
          countTokensIssued(grantType, client.id);
          return c.json(tokens, 200, NO_STORE);
        }
        if (grantType === 'refresh_token') {
          const request = parseForm(refreshGrant, form);
          const tokens = await refreshAccessToken(context(), client, {
            refreshToken: request.refresh_token,
            scope: request.scope,
          });
          countTokensIssued(grantType, client.id);
          return c.json(tokens, 200, NO_STORE);
        }
        const request = parseForm(deviceGrant, form);
        const tokens = await pollDeviceGrant(context(), client, request.device_code);
        countTokensIssued(grantType, client.id);
        return c.json(tokens, 200, NO_STORE);
      })
      .post('/revoke', async (c) => {
        const form = await readForm(c);
        const client = await requestingClient(c, form, deps);
        const request = parseForm(tokenRequest, form);
        await revokeToken(context(), client, request.token);
        return c.body(null, 200, NO_STORE);
      })
      .onError(oauthErrorHandler(deps.logger))
  );
}

const GRANT_TYPES = new Set(['authorization_code', 'refresh_token', DEVICE_CODE_GRANT_TYPE]);

/** The authenticated client of a form-encoded OAuth request (client-auth.ts). */
export function requestingClient(
  c: Context,
  form: Record<string, string>,
  deps: Pick<TokenDeps, 'db' | 'issuer' | 'now' | 'logger'>,
): Promise<Client> {
  return authenticateClient(
    { db: deps.db, issuer: deps.issuer, now: deps.now(), logger: deps.logger },
    { authorization: c.req.header('authorization'), form, endpoint: `${deps.issuer}${c.req.path}` },
  );
}

/** Errors as RFC 6749 §5.2 JSON, for every form-encoded OAuth endpoint (token, revoke, device authorization). */
export function oauthErrorHandler(logger: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof OAuthFailure) {
      return c.json({ error: error.error, error_description: error.message }, error.httpStatus, {
        ...NO_STORE,
        ...error.headers,
      });
    }
    // RFC 6749 has no error code for this; 429 with Retry-After says it, invalid_request fits the body.
    if (error instanceof RateLimited) {
      return c.json({ error: 'invalid_request', error_description: error.message }, 429, {
        ...NO_STORE,
        'Retry-After': String(error.retryAfterSeconds),
        'x-ray-id': error.rayId,
      });
    }
    logger.error(`${c.req.method} ${c.req.path} failed: ${describeError(error)}`);
    return c.json({ error: 'server_error', error_description: 'Unexpected error' }, 500, NO_STORE);
  };
}

const BROWSER_APPS = forBrowserApps(['POST']);

export const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** RFC 6749 §3.2: form-encoded, and no parameter more than once. */
export async function readForm(c: Context): Promise<Record<string, string>> {
  const contentType = c.req.header('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
    throw new OAuthFailure('invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
  }
  const form = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(await c.req.text())) {
    if (form.has(name))
      throw new OAuthFailure('invalid_request', `${name.slice(0, 64)} must not be repeated`);
    form.set(name, value);
  }
  return Object.fromEntries(form);
}

export function parseForm<T extends z.ZodType>(schema: T, form: Record<string, string>): z.infer<T> {
  const parsed = schema.safeParse(form);
  if (!parsed.success) throw new OAuthFailure('invalid_request', describeIssues(parsed.error));
  return parsed.data;
}

/** A client identified by client_id alone (the device authorization request); unknown or disabled: invalid_client. */
export async function publicClient(db: Database, clientId: string): Promise<Client> {
  const client = await findActiveClient(db, clientId);
  if (!client) throw new OAuthFailure('invalid_client', 'Unknown client_id');
  return client;
}

/**
 * A client that may still be issued tokens. A retired one's codes and refresh tokens are no longer
 * honoured (RFC 6749 §5.2 invalid_grant: the grant is revoked); an app that starts again is shown the
 * retired notice at /oauth/authorize. Revocation stays open to it.
 */
export function clientInService(client: Client, now: Date): Client {
  if (isRetired(client, now))
    throw invalidGrant(
      'The app has been retired: its authorization codes and refresh tokens are no longer honoured',
    );
  return client;
}
