import { type Context, Hono } from 'hono';
import { findUserByExtensionId } from '../auth/users.service.ts';
import type { Database } from '../db/client.ts';
import { verifyAccessToken } from './access-tokens.ts';
import { forBrowserApps } from './browser-apps.ts';
import { claimsForScope } from './claims.ts';
import type { SigningKeys } from './signing-keys.ts';
import { NO_STORE } from './token.handlers.ts';

export interface UserInfoDeps {
  db: Database;
  keys: SigningKeys;
  issuer: string;
  now: () => Date;
}

type BearerError = 'invalid_request' | 'invalid_token' | 'insufficient_scope';
const STATUS: Record<BearerError, 400 | 401 | 403> = {
  invalid_request: 400,
  invalid_token: 401,
  insufficient_scope: 403,
};

/** RFC 6750 §3: the error in WWW-Authenticate; a request with no token at all is told only the scheme. */
function refuse(c: Context, error: BearerError | undefined, description = '') {
  const challenge =
    error === undefined
      ? 'Bearer realm="foyer"'
      : `Bearer realm="foyer", error="${error}", error_description="${description}"`;
  const headers = { ...NO_STORE, 'WWW-Authenticate': challenge };
  return error === undefined
    ? c.body(null, 401, headers)
    : c.json({ error, error_description: description }, STATUS[error], headers);
}

/**
 * The access token a UserInfo request carries (RFC 6750): in the Authorization header, or for POST in a
 * form body's access_token; never both, and never in the query (§2.3, which leaks into logs).
 */
async function presentedToken(c: Context): Promise<string | undefined | BearerError> {
  const header = c.req.header('authorization');
  const fromHeader = header === undefined ? undefined : /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header)?.[1];
  if (header !== undefined && fromHeader === undefined) return 'invalid_request';
  let fromBody: string | undefined;
  if (
    c.req.method === 'POST' &&
    /^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')
  ) {
    const values = new URLSearchParams(await c.req.text()).getAll('access_token');
    if (values.length > 1) return 'invalid_request';
    fromBody = values[0];
  }
  if (new URL(c.req.url).searchParams.has('access_token')) return 'invalid_request';
  if (fromHeader !== undefined && fromBody !== undefined) return 'invalid_request';
  return fromHeader ?? fromBody;
}

/** GET and POST /oauth/userinfo (OpenID Connect Core §5.3): the claims the token's scope releases. */
export function userInfoRoutes({ db, keys, issuer, now }: UserInfoDeps) {
  const answer = async (c: Context) => {
    const token = await presentedToken(c);
    if (token === undefined) return refuse(c, undefined);
    if (token === 'invalid_request') return refuse(c, token, 'Send the access token once, as a bearer token');
    const claims = await verifyAccessToken(db, keys, issuer, token, now());
    if (!claims) return refuse(c, 'invalid_token', 'The access token is invalid, expired or revoked');
    const scope = String(claims.scope);
    if (!scope.split(' ').includes('openid'))
      return refuse(c, 'insufficient_scope', 'The access token was not granted the openid scope');
    const user = await findUserByExtensionId(db, String(claims.sub));
    if (!user) return refuse(c, 'invalid_token', 'The account no longer exists');
    return c.json(claimsForScope(user, scope), 200, NO_STORE);
  };
  return (
    new Hono()
      // Browser apps call it with a bearer token and no cookies.
      .use('/userinfo', forBrowserApps(['GET', 'POST']))
      .get('/userinfo', answer)
      .post('/userinfo', answer)
  );
}
