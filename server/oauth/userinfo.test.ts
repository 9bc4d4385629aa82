import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieJar, createTestServer, postForm, type TestServer } from '../testing/harness.ts';
import { relyingParty } from '../testing/oidc-rp.ts';

let server: TestServer;
let accessToken: string;
let apiOnlyToken: string;
beforeAll(async () => {
  server = await createTestServer();
  const rp = relyingParty(server);
  accessToken = (await rp.signIn(cookieJar(), { scope: 'openid email' })).tokens.access_token;
  // An access token without openid: the platform's API only.
  const { values, verifier } = await rp.request({ scope: 'ReadAccounts', nonce: '' });
  const code = (await rp.untilCallback(cookieJar(), values)).searchParams.get('code') ?? '';
  const exchanged = await postForm(server.app, '/oauth/token', {
    grant_type: 'authorization_code',
    client_id: 'demo-app',
    code,
    redirect_uri: values.redirect_uri,
    code_verifier: verifier,
  });
  const body = (await exchanged.json()) as { access_token: string; id_token?: string };
  expect(body.id_token).toBeUndefined();
  apiOnlyToken = body.access_token;
}, 30_000);
afterAll(() => server.close());

const userinfo = (init: RequestInit = {}, query = '') => server.app.request(`/oauth/userinfo${query}`, init);
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe('UserInfo errors (RFC 6750 §3)', () => {
  it('no token: 401 naming only the scheme', async () => {
    const response = await userinfo();
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="foyer"');
  });

  it('a token that is not ours, or tampered: 401 invalid_token', async () => {
    // A different character inside the signature (not its last, whose low bits base64url ignores).
    const at = accessToken.length - 10;
    const tampered = `${accessToken.slice(0, at)}${accessToken[at] === 'A' ? 'B' : 'A'}${accessToken.slice(at + 1)}`;
    for (const token of ['not-a-token', tampered]) {
      const response = await userinfo(bearer(token));
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
      expect(await response.json()).toMatchObject({ error: 'invalid_token' });
    }
  });

  it('a token without the openid scope: 403 insufficient_scope', async () => {
    const response = await userinfo(bearer(apiOnlyToken));
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  });

  it('a token in the query, or in both header and body: 400 invalid_request', async () => {
    expect((await userinfo({}, `?access_token=${accessToken}`)).status).toBe(400);
    const both = await userinfo({
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ access_token: accessToken }).toString(),
    });
    expect(both.status).toBe(400);
    expect(await both.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('an expired token: 401 invalid_token', async () => {
    server.advance(3601_000);
    expect((await userinfo(bearer(accessToken))).status).toBe(401);
  });
});

describe('UserInfo for browser apps', () => {
  it('answers a CORS preflight and names any origin, with no cookies involved', async () => {
    const preflight = await userinfo({
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
    const answer = await userinfo({
      headers: { origin: 'https://app.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('the token and revocation endpoints for browser apps', () => {
  it('answer a CORS preflight from any origin and name it on the reply', async () => {
    for (const path of ['/oauth/token', '/oauth/revoke']) {
      const preflight = await server.app.request(path, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://spa.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    }
    const reply = await server.app.request('/oauth/token', {
      method: 'POST',
      headers: {
        origin: 'https://spa.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=refresh_token&client_id=demo-app&refresh_token=unknown',
    });
    expect(reply.status).toBe(400);
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
  });
});
