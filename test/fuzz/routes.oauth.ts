import * as z from 'zod/mini';
import { brandIdSchema, clientIdSchema } from '../../api/contract/config.ts';
import { emailSchema, identitySignInForm, loginDispatcherQuery } from '../../api/contract/identity.ts';
import { startupParamsSchema } from '../../api/contract/startup.ts';
import { DEMO_CLIENT_ID, DEMO_ROOM_CLIENT_ID } from '../../server/db/seed-data.ts';
import { deviceCodeGrant } from '../../server/device/device-token.ts';
import { endSessionRequest } from '../../server/oauth/end-session.service.ts';
import { DEMO_REDIRECT_URI, GRACE } from '../../server/testing/harness.ts';
import type { AuthorizationKind, Endpoint, Input, ReplyFormat } from './endpoint.ts';
import { CHALLENGE } from './hints.ts';
import type { AnySchema } from './zodArbitrary.ts';

/**
 * The OAuth endpoints, room activation and the reference identity provider. Some validate with schemas
 * the server keeps to itself; those are written out here as the handlers read them (the file named).
 */

const text = (max: number) => z.string().check(z.maxLength(max));
const opaque = z.string().check(z.minLength(1), z.maxLength(4096));
const maybe = (max: number) => z.optional(text(max));
const pkceVerifier = z.string().check(z.regex(/^[A-Za-z0-9._~-]{43,128}$/));

/**
 * server/oauth/client-auth.ts credentialFields: how a client authenticates in the form (client_secret_post,
 * private_key_jwt), beside HTTP Basic in the Authorization header (`authorization: 'client'`).
 */
const clientCredentials = {
  client_id: z.optional(clientIdSchema),
  client_secret: maybe(512),
  client_assertion_type: maybe(256),
  client_assertion: maybe(8192),
};
/** server/oauth/token.handlers.ts: one form per grant type, each with the client's credentials. */
const tokenForm = z.union([
  z.object({
    grant_type: z.literal('authorization_code'),
    ...clientCredentials,
    code: opaque,
    redirect_uri: z.string().check(z.minLength(1), z.maxLength(2048)),
    code_verifier: z.optional(pkceVerifier),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    ...clientCredentials,
    refresh_token: opaque,
    scope: maybe(1024),
  }),
  z.object({ ...deviceCodeGrant.shape, ...clientCredentials }),
]);
/** server/oauth/token.handlers.ts tokenRequest: revocation (RFC 7009) and introspection (RFC 7662 §2.1). */
const tokenRequestForm = z.object({ token: opaque, token_type_hint: maybe(64), ...clientCredentials });
/** server/oauth/userinfo.handlers.ts: POST may carry the bearer token in the form (RFC 6750 §2.2). */
const userInfoForm = z.object({ access_token: z.optional(opaque) });
/** server/device/device.handlers.ts authorizationRequest (RFC 8628 §3.1). */
const deviceAuthorizationForm = z.object({ client_id: clientIdSchema, scope: maybe(1024) });

/** server/oauth/authorize.request.ts: the OAuth names, then the SPA's own parameters it forwards. */
const authorizeQuery = z.object({
  client_id: clientIdSchema,
  redirect_uri: z.string().check(z.maxLength(2048)),
  response_type: z.optional(z.enum(['code', 'token'])),
  state: maybe(1024),
  scope: maybe(1024),
  code_challenge: z.optional(pkceVerifier),
  code_challenge_method: z.optional(z.enum(['S256', 'plain'])),
  prompt: maybe(64),
  max_age: z.optional(z.string().check(z.regex(/^-?\d{1,12}$/))),
  ui_options: maybe(512),
  brand_id: z.optional(brandIdSchema),
  localeId: maybe(16),
  ui_locales: maybe(256),
  display: z.optional(z.enum(['page', 'popup', 'touch', 'mobile'])),
  login_hint: maybe(254),
  title_bar: z.optional(z.enum(['true', '1', 'false', '0'])),
  appName: maybe(256),
  targetUrl: maybe(2048),
  fallbackUrl: maybe(2048),
  appParams: maybe(2048),
  response_hint: maybe(256),
  nonce: maybe(512),
  id_token_hint: maybe(4096),
  acr_values: maybe(256),
  claims_locales: maybe(256),
});

/** server/device/device.handlers.ts and device.callback.ts read these names, each at most once. */
const roomActivationQuery = z.object({ user_code: z.optional(z.string().check(z.maxLength(32))) });
const deviceCallbackQuery = z.object({ state: maybe(256), code: maybe(256), error: maybe(64) });

/** The dispatcher validates its own parameters and then the SPA's start-up query (identity.handlers.ts). */
const dispatcherQuery = z.object({ ...startupParamsSchema.shape, ...loginDispatcherQuery.shape });
const ssoStartupQuery = z.object({ ...startupParamsSchema.shape, email: z.optional(emailSchema) });

const endpoint = (
  method: string,
  path: string,
  input: Input,
  replies: ReplyFormat,
  ...examples: Record<string, unknown>[]
): Endpoint => ({ method, path, input, replies, examples });
/** An endpoint that reads the Authorization header (credentials.ts). */
const reading = (authorization: AuthorizationKind, entry: Endpoint): Endpoint => ({
  ...entry,
  authorization,
});

/** A request the demo app would make (server/demo-app/demo.client.ts). */
const authorizeRequest = {
  client_id: DEMO_CLIENT_ID,
  redirect_uri: DEMO_REDIRECT_URI,
  response_type: 'code',
  code_challenge: CHALLENGE,
  code_challenge_method: 'S256',
  state: 'fuzz-state',
  scope: 'ReadAccounts',
};
const spa = { clientId: DEMO_CLIENT_ID };
const query = (schema: AnySchema): Input => ({ kind: 'query', schema });
const form = (schema: AnySchema): Input => ({ kind: 'form', schema });
const none: Input = { kind: 'none' };

export const oauthEndpoints: Endpoint[] = [
  endpoint('ALL', '/oauth/*', { kind: 'middleware', guards: 'every /oauth route (body limit)' }, 'oauth'),
  endpoint('GET', '/oauth/authorize', query(authorizeQuery), 'redirect', authorizeRequest, {
    ...authorizeRequest,
    prompt: 'none',
  }),
  endpoint(
    'ALL',
    '/oauth/token',
    { kind: 'middleware', guards: 'POST /oauth/token (CORS for browser apps, rate limit)' },
    'oauth',
  ),
  endpoint(
    'ALL',
    '/oauth/revoke',
    { kind: 'middleware', guards: 'POST /oauth/revoke (CORS for browser apps)' },
    'oauth',
  ),
  reading('client', endpoint('POST', '/oauth/token', form(tokenForm), 'oauth')),
  reading('client', endpoint('POST', '/oauth/revoke', form(tokenRequestForm), 'oauth')),
  reading('client', endpoint('POST', '/oauth/introspect', form(tokenRequestForm), 'oauth')),
  endpoint(
    'ALL',
    '/oauth/userinfo',
    { kind: 'middleware', guards: 'GET, POST /oauth/userinfo (CORS for browser apps)' },
    'bearer',
  ),
  reading('bearer', endpoint('GET', '/oauth/userinfo', none, 'bearer')),
  reading('bearer', endpoint('POST', '/oauth/userinfo', form(userInfoForm), 'bearer')),
  endpoint('GET', '/oauth/logout', query(endSessionRequest), 'logout'),
  endpoint('POST', '/oauth/logout', form(endSessionRequest), 'logout'),
  endpoint('POST', '/oauth/device_authorization', form(deviceAuthorizationForm), 'oauth', {
    client_id: DEMO_ROOM_CLIENT_ID,
  }),
  endpoint('GET', '/device', query(roomActivationQuery), 'redirect'),
  endpoint('GET', '/device/callback', query(deviceCallbackQuery), 'redirect'),
  endpoint('GET', '/.well-known/oauth-authorization-server', none, 'text'),
  endpoint('GET', '/.well-known/openid-configuration', none, 'text'),
  endpoint('GET', '/oauth/jwks', none, 'text'),
  endpoint('GET', '/api/sso/startup', query(ssoStartupQuery), 'html', { ...spa, email: GRACE.email }),
  endpoint('GET', '/api/sso/google/startup', query(startupParamsSchema), 'html', spa),
  endpoint('GET', '/mobile/loginDispatcher', query(dispatcherQuery), 'html', {
    ...spa,
    selected_entrance: 'apple',
    appUrlScheme: DEMO_REDIRECT_URI,
    ssoPopup: 'true',
  }),
  endpoint('ALL', '/idp/*', { kind: 'middleware', guards: 'every /idp route (form size limit)' }, 'html'),
  endpoint('GET', '/idp/idp.css', none, 'text'),
  endpoint('GET', '/idp/popup-done.js', none, 'text'),
  endpoint(
    'GET',
    '/idp/done',
    query(z.object({ outcome: z.optional(z.enum(['signedIn', 'cancelled'])), theme: maybe(64) })),
    'html',
  ),
  endpoint('GET', '/idp/sign-in', query(z.object({ request: z.optional(text(8192)) })), 'html'),
  endpoint('POST', '/idp/sign-in', form(identitySignInForm), 'html'),
];
