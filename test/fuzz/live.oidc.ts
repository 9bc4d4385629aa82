import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import type { App } from '../../server/app.ts';
import { DEMO_CLIENT_ID, DEMO_NOTES_CLIENT_ID } from '../../server/db/seed-data.ts';
import { signLogoutToken } from '../../server/oauth/backchannel/logout-token.ts';
import { CLIENT_ASSERTION_TYPE } from '../../server/oauth/client-assertion.ts';
import { basicAuthorization, registerTestClient } from '../../server/testing/clients.ts';
import {
  cookieJar,
  exchange,
  GRACE,
  ORIGIN,
  obtainCode,
  signInWith,
  type TestServer,
} from '../../server/testing/harness.ts';
import { authorizationHint } from './credentials.ts';
import type { AuthorizedExample } from './plan.ts';
import { FUZZ_METRICS_TOKEN } from './server.ts';

/**
 * Live OpenID Connect inputs (docs/fuzzing.md): confidential clients registered as an operator would, one
 * of each authentication method (client_secret_basic, client_secret_post, private_key_jwt with its keys at
 * a jwks_uri this process serves), their codes, tokens with the openid scope, an ID token, client
 * assertions good and bad, logout tokens for the demo apps' back channel, and the Authorization headers
 * that carry them.
 */

const REDIRECT_URI = `${ORIGIN}/acme/callback`;
const TOKEN_ENDPOINT = `${ORIGIN}/oauth/token`;
const OPENID = 'openid profile email phone ReadAccounts';
/** Each assertion is spent by its first use (jti); a pool keeps private_key_jwt reachable for a while. */
const ASSERTIONS = 16;
/** Under the server's 300 s limit (plus skew), and long enough for most of a 100,000-body run. */
const ASSERTION_LIFETIME_S = 280;

interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  id_token?: string;
}

/** `base` is the server under `app`: its database, keys and clock. */
export async function oidcInputs(app: App, base: TestServer) {
  const keyServer = await startKeyServer();
  const acme = { redirectUris: [REDIRECT_URI], scopes: ['ReadAccounts'] };
  const basic = await registerTestClient(base, { name: 'Fuzz Basic', confidential: true, ...acme });
  const post = await registerTestClient(base, {
    name: 'Fuzz Post',
    authMethod: 'client_secret_post',
    ...acme,
  });
  const keyed = await registerTestClient(base, {
    name: 'Fuzz Keys',
    confidential: true,
    jwksUri: keyServer.jwksUri,
    ...acme,
  });

  const jar = cookieJar();
  await signInWith(app, jar, GRACE);
  const codeFor = (clientId: string, scope = OPENID) =>
    obtainCode(app, jar.header, { clientId, appUrlScheme: REDIRECT_URI, scope });
  const codeGrant = ({ code, verifier }: { code: string; verifier: string }) => ({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  const issue = async (scope: string) => {
    const { code, verifier } = await obtainCode(app, jar.header, { scope });
    return (await (await exchange(app, code, verifier)).json()) as IssuedTokens;
  };
  // Bearer tokens kept out of the `token` hints, so fuzzed revocations rarely spend them.
  const [openid, plain, spendable] = [await issue(OPENID), await issue('ReadAccounts'), await issue(OPENID)];

  const now = () => Math.floor(base.now().getTime() / 1000);
  const assertion = (
    claims: { aud?: string; exp?: number; iss?: string; sub?: string } = {},
    key: { kid: string; privateKey: CryptoKey } = keyServer,
  ) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: key.kid })
      .setIssuer(claims.iss ?? keyed.id)
      .setSubject(claims.sub ?? keyed.id)
      .setAudience(claims.aud ?? TOKEN_ENDPOINT)
      .setIssuedAt(now())
      .setExpirationTime(claims.exp ?? now() + ASSERTION_LIFETIME_S)
      .setJti(randomUUID())
      .sign(key.privateKey);
  const assertions = await Promise.all(Array.from({ length: ASSERTIONS }, () => assertion()));
  const stranger = { ...(await generateKeyPair('ES256')), kid: keyServer.kid };
  const badAssertions = [
    await assertion({ aud: 'https://evil.example/' }),
    await assertion({ exp: now() - 600 }),
    await assertion({ exp: now() + 3_600 }),
    await assertion({ sub: DEMO_CLIENT_ID }),
    await assertion({ iss: DEMO_CLIENT_ID, sub: DEMO_CLIENT_ID }),
    await assertion({}, stranger),
    `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(`{"iss":"${keyed.id}","sub":"${keyed.id}"}`).toString('base64url')}.`,
  ];
  const keyedCode = await codeFor(keyed.id);
  const postCode = await codeFor(post.id);
  const basicCode = await codeFor(basic.id);
  const basicTokens = (await (
    await app.request('/oauth/token', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basicAuthorization(basic.id, basic.secret),
      },
      body: new URLSearchParams(codeGrant(await codeFor(basic.id))).toString(),
    })
  ).json()) as IssuedTokens;

  const logoutTokens = await Promise.all(
    [DEMO_CLIENT_ID, DEMO_NOTES_CLIENT_ID, 'no-such-app'].map((clientId) =>
      signLogoutToken(
        base.keys,
        ORIGIN,
        { clientId, sid: randomUUID(), subject: '101', alg: 'RS256' },
        base.now(),
      ),
    ),
  );

  const basicHeader = basicAuthorization(basic.id, basic.secret);
  const bearer = (token: string | undefined) => `Bearer ${token ?? ''}`;
  const hints = new Map<string, readonly unknown[]>([
    ['client_id', [basic.id, post.id, keyed.id]],
    ['client_secret', [post.secret, basic.secret, 'not-the-secret']],
    ['client_assertion', [...assertions, ...badAssertions]],
    ['client_assertion_type', [CLIENT_ASSERTION_TYPE]],
    ['redirect_uri', [REDIRECT_URI]],
    ['access_token', [openid.access_token, basicTokens.access_token, plain.access_token]],
    ['token', [spendable.access_token, spendable.refresh_token, basicTokens.refresh_token]],
    ['id_token_hint', [openid.id_token, basicTokens.id_token]],
    ['logout_token', logoutTokens],
    [
      authorizationHint('client'),
      [basicHeader, basicAuthorization(basic.id, 'not-the-secret'), basicAuthorization(post.id, post.secret)],
    ],
    [
      authorizationHint('bearer'),
      [
        openid.access_token,
        basicTokens.access_token,
        plain.access_token,
        openid.id_token,
        openid.refresh_token,
      ].map(bearer),
    ],
    [authorizationHint('metrics'), [bearer(FUZZ_METRICS_TOKEN)]],
  ]);

  const withPost = { client_id: post.id, client_secret: post.secret };
  const withAssertion = (index: number) => ({
    client_assertion_type: CLIENT_ASSERTION_TYPE,
    client_assertion: assertions[index],
  });
  const examples = new Map<string, Record<string, unknown>[]>([
    [
      'POST /oauth/token',
      [
        { ...codeGrant(postCode), ...withPost },
        { ...codeGrant(keyedCode), ...withAssertion(0) },
        { grant_type: 'refresh_token', refresh_token: basicTokens.refresh_token, ...withPost },
      ],
    ],
    [
      'POST /oauth/introspect',
      [
        { token: openid.access_token, ...withPost },
        { token: openid.refresh_token, ...withAssertion(1) },
      ],
    ],
    ['POST /oauth/revoke', [{ token: spendable.refresh_token, ...withPost }]],
    ['POST /oauth/userinfo', [{ access_token: openid.access_token }]],
    ['GET /oauth/logout', [{ id_token_hint: openid.id_token, client_id: DEMO_CLIENT_ID }]],
    [
      'POST /oauth/logout',
      [{ id_token_hint: openid.id_token, post_logout_redirect_uri: `${ORIGIN}/demo-app/signed-out` }],
    ],
    ['POST /demo-app/backchannel-logout', [{ logout_token: logoutTokens[0] }]],
    ['POST /demo-notes/backchannel-logout', [{ logout_token: logoutTokens[1] }]],
  ]);
  const authorizedExamples = new Map<string, AuthorizedExample[]>([
    [
      'POST /oauth/token',
      [
        { value: codeGrant(basicCode), authorization: basicHeader },
        {
          value: { grant_type: 'refresh_token', refresh_token: basicTokens.refresh_token },
          authorization: basicHeader,
        },
      ],
    ],
    ['POST /oauth/introspect', [{ value: { token: openid.access_token }, authorization: basicHeader }]],
    ['POST /oauth/revoke', [{ value: { token: basicTokens.access_token }, authorization: basicHeader }]],
    ['GET /oauth/userinfo', [{ value: {}, authorization: bearer(openid.access_token) }]],
    ['POST /oauth/userinfo', [{ value: {}, authorization: bearer(basicTokens.access_token) }]],
    ['GET /metrics', [{ value: {}, authorization: bearer(FUZZ_METRICS_TOKEN) }]],
  ]);
  return { hints, examples, authorizedExamples, close: keyServer.close };
}

/** The private_key_jwt client's jwks_uri, as a partner would serve it. */
async function startKeyServer() {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const kid = 'fuzz-1';
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    kid,
    privateKey,
    jwksUri: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
