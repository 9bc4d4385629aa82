import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADA,
  cookieJar,
  createTestServer,
  DEMO_REDIRECT_URI,
  ORIGIN,
  postForm,
  type TestServer,
} from '../testing/harness.ts';
import { relyingParty } from '../testing/oidc-rp.ts';
import { accessTokenHash } from './id-tokens.ts';

// The OpenID Foundation's Basic OP and Config OP plans, module by module: each test is named after the
// module and asserts what it asserts (docs/openid-connect.md "Conformance"). The relying party is
// oauth4webapi; its checks of the ID token (iss, aud, exp, iat, nonce, alg RS256) run on every sign-in.

let server: TestServer;
let rp: ReturnType<typeof relyingParty>;
beforeAll(async () => {
  server = await createTestServer();
  rp = relyingParty(server);
}, 30_000);
afterAll(() => server.close());

const ALL = 'openid profile email phone';

describe('OpenID Connect Basic OP', () => {
  it('oidcc-server: a code flow yields an RS256 ID token about the person, with every required claim', async () => {
    const { tokens, claims, request } = await rp.signIn(cookieJar());
    expect(claims).toMatchObject({
      iss: ORIGIN,
      sub: '400100101',
      aud: 'demo-app',
      azp: 'demo-app',
      nonce: request.nonce,
      amr: ['pwd'],
      acr: 'urn:foyer:acr:1',
    });
    expect(claims.sid).toMatch(/^[0-9a-f]{16}$/);
    expect(claims.at_hash).toBe(accessTokenHash(tokens.access_token));
    expect(Math.abs(Number(claims.auth_time) - Date.now() / 1000)).toBeLessThan(60);
    expect(Number(claims.exp)).toBeGreaterThan(Number(claims.iat));
    const { protectedHeader } = await rp.verifyIdToken(tokens.id_token ?? '');
    expect(protectedHeader).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    expect(protectedHeader.kid).toEqual(expect.any(String));
  });

  it('oidcc-response-type-missing: the error goes back to the redirect URI with state and iss', async () => {
    const { values } = await rp.request({ response_type: '' });
    const back = new URL((await rp.authorize(cookieJar(), values)).headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(DEMO_REDIRECT_URI);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      error: 'invalid_request',
      state: values.state,
      iss: ORIGIN,
    });
  });

  it('oidcc-userinfo-get: UserInfo answers a GET with the bearer token, sub equal to the ID token’s', async () => {
    const { tokens, claims } = await rp.signIn(cookieJar(), { scope: ALL });
    const info = await rp.userInfo(tokens.access_token, claims.sub);
    expect(info.sub).toBe(claims.sub);
  });

  it('oidcc-userinfo-post-header: and a POST with the token in the header', async () => {
    const { tokens } = await rp.signIn(cookieJar(), { scope: ALL });
    const response = await server.app.request('/oauth/userinfo', {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ sub: '400100101', email: ADA.email });
  });

  it('oidcc-userinfo-post-body: and a POST with the token in the form body', async () => {
    const { tokens } = await rp.signIn(cookieJar(), { scope: ALL });
    const response = await postForm(server.app, '/oauth/userinfo', { access_token: tokens.access_token });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ sub: '400100101' });
  });

  it('oidcc-ensure-request-without-nonce-succeeds-for-code-flow: no nonce asked, none in the ID token', async () => {
    const { claims } = await rp.signIn(cookieJar(), { nonce: '' });
    expect(claims).not.toHaveProperty('nonce');
  });

  it('a nonce longer than 512 characters is refused before anyone signs in', async () => {
    const { values } = await rp.request({ nonce: 'n'.repeat(513) });
    const back = new URL((await rp.authorize(cookieJar(), values)).headers.get('location') ?? '');
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toContain('nonce');
  });

  it('oidcc-scope-profile: profile releases the names, locale, zone and updated_at', async () => {
    const { tokens, claims } = await rp.signIn(cookieJar(), { scope: 'openid profile' });
    const info = await rp.userInfo(tokens.access_token, claims.sub);
    expect(info).toEqual({
      sub: '400100101',
      name: 'Ada Fairweather',
      given_name: 'Ada',
      family_name: 'Fairweather',
      locale: 'en-US',
      zoneinfo: 'America/Los_Angeles',
      updated_at: expect.any(Number),
    });
  });

  it('oidcc-scope-email: email releases the address and whether it is verified', async () => {
    const { tokens, claims } = await rp.signIn(cookieJar(), { scope: 'openid email' });
    expect(await rp.userInfo(tokens.access_token, claims.sub)).toEqual({
      sub: '400100101',
      email: ADA.email,
      email_verified: true,
    });
  });

  it('oidcc-scope-phone: phone releases the number in E.164 with its extension', async () => {
    const { tokens, claims } = await rp.signIn(cookieJar(), { scope: 'openid phone' });
    expect(await rp.userInfo(tokens.access_token, claims.sub)).toEqual({
      sub: '400100101',
      phone_number: '+16505550100;ext=101',
      phone_number_verified: true,
    });
  });

  it('oidcc-scope-all: every scope at once, and nothing without its scope', async () => {
    const { tokens, claims } = await rp.signIn(cookieJar(), { scope: `${ALL} offline_access` });
    const info = await rp.userInfo(tokens.access_token, claims.sub);
    expect(Object.keys(info).sort()).toEqual(
      [
        'sub',
        'name',
        'given_name',
        'family_name',
        'locale',
        'zoneinfo',
        'updated_at',
        'email',
        'email_verified',
        'phone_number',
        'phone_number_verified',
      ].sort(),
    );
    const bare = await rp.signIn(cookieJar(), { scope: 'openid' });
    expect(await rp.userInfo(bare.tokens.access_token, bare.claims.sub)).toEqual({ sub: '400100101' });
  });

  it('oidcc-alternate-happy-flow: reversed scope order and reordered parameters change nothing', async () => {
    const { values, verifier } = await rp.request({ scope: 'email openid' });
    const reordered = Object.fromEntries(Object.entries(values).reverse());
    const callback = await rp.untilCallback(cookieJar(), reordered);
    const params = oauth.validateAuthResponse(await rp.as(), rp.client, callback, values.state);
    const response = await oauth.authorizationCodeGrantRequest(
      await rp.as(),
      rp.client,
      rp.clientAuth,
      params,
      DEMO_REDIRECT_URI,
      verifier,
      rp.http,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(await rp.as(), rp.client, response, {
      expectedNonce: values.nonce,
    });
    expect(tokens.scope?.split(' ').sort()).toEqual(['email', 'openid']);
    expect(oauth.getValidatedIdTokenClaims(tokens)?.email).toBe(ADA.email);
  });

  it('oidcc-codereuse and oidcc-codereuse-30seconds: a code works once; reuse revokes what it bought', async () => {
    const { values, verifier } = await rp.request({ scope: ALL });
    const callback = await rp.untilCallback(cookieJar(), values);
    const code = callback.searchParams.get('code') ?? '';
    const redeem = () =>
      postForm(server.app, '/oauth/token', {
        grant_type: 'authorization_code',
        client_id: 'demo-app',
        code,
        redirect_uri: DEMO_REDIRECT_URI,
        code_verifier: verifier,
      });
    const first = await redeem();
    expect(first.status).toBe(200);
    const { access_token } = (await first.json()) as { access_token: string };
    server.advance(30_000);
    const again = await redeem();
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
    const info = await server.app.request('/oauth/userinfo', {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(info.status).toBe(401);
    expect(info.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
  });

  it('oidcc-ensure-registered-redirect-uri: an unregistered redirect URI is never redirected to', async () => {
    const { values } = await rp.request({ redirect_uri: `${DEMO_REDIRECT_URI}/elsewhere` });
    const response = await rp.authorize(cookieJar(), values);
    const target = new URL(response.headers.get('location') ?? '', ORIGIN);
    expect(target.origin).toBe(ORIGIN);
    expect(target.pathname).toBe('/');
    expect(target.searchParams.get('errorCode')).toMatch(/^API_ERROR_/);
  });

  it('oidcc-ensure-post-request-succeeds: the token endpoint takes a form POST (and nothing else)', async () => {
    const { claims } = await rp.signIn(cookieJar());
    expect(claims.sub).toBe('400100101');
    const json = await server.app.request('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('oidcc-refresh-token: a refresh brings a new ID token about the same sign-in, without the nonce', async () => {
    const { tokens, claims } = await rp.signIn(cookieJar(), { scope: `${ALL} offline_access` });
    const refreshed = await rp.refresh(tokens.refresh_token ?? '');
    expect(refreshed.claims).toMatchObject({
      iss: claims.iss,
      sub: claims.sub,
      aud: claims.aud,
      azp: claims.azp,
      auth_time: claims.auth_time,
      sid: claims.sid,
      amr: claims.amr,
    });
    expect(refreshed.claims).not.toHaveProperty('nonce');
    await rp.verifyIdToken(refreshed.tokens.id_token ?? '');
    // Another client cannot use it.
    const stolen = await postForm(server.app, '/oauth/token', {
      grant_type: 'refresh_token',
      client_id: 'demo-notes',
      refresh_token: refreshed.tokens.refresh_token ?? '',
    });
    expect(stolen.status).toBe(400);
  });

  it('oidcc-ensure-request-with-valid-pkce-succeeds: S256 PKCE with a matching verifier', async () => {
    const { tokens } = await rp.signIn(cookieJar());
    expect(tokens.token_type).toBe('bearer');
  });
});

describe('OpenID Connect Config OP', () => {
  it('oidcc-discovery-endpoint-verification: the document, its issuer and every endpoint it names', async () => {
    const as = await rp.as();
    expect(as.issuer).toBe(ORIGIN);
    for (const endpoint of [
      as.authorization_endpoint,
      as.token_endpoint,
      as.userinfo_endpoint,
      as.jwks_uri,
      as.end_session_endpoint,
      as.revocation_endpoint,
      as.introspection_endpoint,
    ])
      expect(endpoint?.startsWith(`${ORIGIN}/oauth/`)).toBe(true);
    expect(as.scopes_supported).toEqual(expect.arrayContaining(['openid']));
    expect(as.response_types_supported).toEqual(['code']);
    expect(as.subject_types_supported).toEqual(['public']);
    expect(as.id_token_signing_alg_values_supported).toContain('RS256');
    const jwks = (await (await server.app.request(as.jwks_uri ?? '')).json()) as { keys: { use: string }[] };
    expect(jwks.keys.every((key) => key.use === 'sig')).toBe(true);
  });
});
