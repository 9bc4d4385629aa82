import { eq } from 'drizzle-orm';
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../db/schema.ts';
import {
  createTestServer,
  DEMO_REDIRECT_URI,
  exchange,
  ORIGIN,
  obtainCode,
  postForm,
  refresh,
  signIn,
  type TestServer,
  type Tokens,
} from '../testing/harness.ts';
import { verifyAccessToken } from './access-tokens.ts';

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await createTestServer();
  cookie = await signIn(server.app);
});
afterAll(() => server.close());

async function tokensFor(): Promise<Tokens> {
  const { code, verifier } = await obtainCode(server.app, cookie);
  const response = await exchange(server.app, code, verifier);
  expect(response.status).toBe(200);
  return (await response.json()) as Tokens;
}

const verify = (token: string) => verifyAccessToken(server.db, server.keys, ORIGIN, token, new Date());

describe('authorization_code grant', () => {
  it('issues an RFC 9068 access token that verifies against the published JWKS', async () => {
    const { code, verifier } = await obtainCode(server.app, cookie);
    const response = await exchange(server.app, code, verifier);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const tokens = (await response.json()) as Tokens;
    expect(tokens).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'ReadAccounts ReadCallLog',
    });
    expect(tokens.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const jwks = (await (await server.app.request('/oauth/jwks')).json()) as JSONWebKeySet;
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, createLocalJWKSet(jwks), {
      issuer: ORIGIN,
      audience: ORIGIN,
      typ: 'at+jwt',
    });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    expect(jwks.keys.find((key) => key.kid === protectedHeader.kid)).toMatchObject({ alg: 'ES256' });
    expect(payload).toMatchObject({
      sub: '400100101',
      client_id: 'demo-app',
      scope: 'ReadAccounts ReadCallLog',
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
    expect(payload.jti).toEqual(expect.any(String));
  });

  it('refuses a replayed code and revokes every token issued from it', async () => {
    const { code, verifier } = await obtainCode(server.app, cookie);
    const first = (await (await exchange(server.app, code, verifier)).json()) as Tokens;
    expect(await verify(first.access_token)).toBeDefined();

    const replay = await exchange(server.app, code, verifier);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await verify(first.access_token)).toBeUndefined();
    expect(await (await refresh(server.app, first.refresh_token)).json()).toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('refuses a wrong code_verifier, and the code is spent afterwards', async () => {
    const { code, verifier } = await obtainCode(server.app, cookie);
    const wrong = await exchange(
      server.app,
      code,
      `${verifier.slice(0, -1)}${verifier.endsWith('A') ? 'B' : 'A'}`,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'code_verifier does not match',
    });
    expect((await exchange(server.app, code, verifier)).status).toBe(400);
  });

  it('requires the code_verifier when the code has a challenge', async () => {
    const { code } = await obtainCode(server.app, cookie);
    const response = await postForm(server.app, '/oauth/token', {
      grant_type: 'authorization_code',
      client_id: 'demo-app',
      code,
      redirect_uri: DEMO_REDIRECT_URI,
    });
    expect(await response.json()).toMatchObject({
      error: 'invalid_request',
      error_description: 'code_verifier is required',
    });
  });

  it('refuses a redirect_uri that differs from the authorization request', async () => {
    const { code, verifier } = await obtainCode(server.app, cookie);
    const response = await exchange(server.app, code, verifier, `${DEMO_REDIRECT_URI}/other`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringContaining('redirect_uri'),
    });
  });

  it('refuses an expired code', async () => {
    const { code, verifier } = await obtainCode(server.app, cookie);
    server.advance(61_000);
    const response = await exchange(server.app, code, verifier);
    expect(await response.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'The authorization code has expired',
    });
  });

  it('refuses an unknown code and an unknown client', async () => {
    expect(await (await exchange(server.app, 'not-a-code', 'x'.repeat(43))).json()).toMatchObject({
      error: 'invalid_grant',
    });
    const response = await postForm(server.app, '/oauth/token', {
      grant_type: 'authorization_code',
      client_id: 'nobody',
      code: 'abc',
      redirect_uri: DEMO_REDIRECT_URI,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
  });
});

describe('refresh_token grant', () => {
  it('rotates: the new pair works and the old refresh token is spent', async () => {
    const first = await tokensFor();
    const rotated = await refresh(server.app, first.refresh_token);
    expect(rotated.status).toBe(200);
    const second = (await rotated.json()) as Tokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await verify(second.access_token)).toMatchObject({ sub: '400100101' });
  });

  it('detects reuse of a rotated token and revokes the whole family', async () => {
    const first = await tokensFor();
    const second = (await (await refresh(server.app, first.refresh_token)).json()) as Tokens;

    const reuse = await refresh(server.app, first.refresh_token);
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringContaining('revoked'),
    });
    expect(await (await refresh(server.app, second.refresh_token)).json()).toMatchObject({
      error: 'invalid_grant',
    });
    expect(await verify(second.access_token)).toBeUndefined();
    expect(await verify(first.access_token)).toBeUndefined();
  });

  it('allows narrowing the scope but not widening it', async () => {
    const narrowed = await postForm(server.app, '/oauth/token', {
      grant_type: 'refresh_token',
      client_id: 'demo-app',
      refresh_token: (await tokensFor()).refresh_token,
      scope: 'ReadAccounts',
    });
    expect(await narrowed.json()).toMatchObject({ scope: 'ReadAccounts' });
    const widened = await postForm(server.app, '/oauth/token', {
      grant_type: 'refresh_token',
      client_id: 'demo-app',
      refresh_token: (await tokensFor()).refresh_token,
      scope: 'ReadAccounts WriteEverything',
    });
    expect(await widened.json()).toMatchObject({ error: 'invalid_scope' });
  });

  it('refuses an expired refresh token', async () => {
    const tokens = await tokensFor();
    server.advance(31 * 24 * 60 * 60 * 1000);
    expect(await (await refresh(server.app, tokens.refresh_token)).json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'The refresh token has expired',
    });
    // A month later the browser session has expired as well.
    cookie = await signIn(server.app);
  });
});

describe('revocation (RFC 7009)', () => {
  const revoke = (token: string, clientId = 'demo-app') =>
    postForm(server.app, '/oauth/revoke', { token, client_id: clientId });

  it('revoking a refresh token revokes its family and its access tokens', async () => {
    const tokens = await tokensFor();
    const response = await revoke(tokens.refresh_token);
    expect(response.status).toBe(200);
    expect(await (await refresh(server.app, tokens.refresh_token)).json()).toMatchObject({
      error: 'invalid_grant',
    });
    expect(await verify(tokens.access_token)).toBeUndefined();
  });

  it('revoking an access token puts its jti on the revocation list, and leaves the refresh token alone', async () => {
    const tokens = await tokensFor();
    expect((await revoke(tokens.access_token)).status).toBe(200);
    expect(await verify(tokens.access_token)).toBeUndefined();
    expect((await refresh(server.app, tokens.refresh_token)).status).toBe(200);
  });

  it('answers 200 for unknown tokens and ignores tokens of another client', async () => {
    expect((await revoke('unknown-token')).status).toBe(200);
    expect((await revoke('a.b.c')).status).toBe(200);
    const tokens = await tokensFor();
    expect((await revoke(tokens.refresh_token, 'foyer-web')).status).toBe(200);
    const [row] = await server.db
      .select({ revokedAt: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.accessTokenJti, (await verify(tokens.access_token))?.jti as string));
    expect(row?.revokedAt).toBeNull();
  });

  it('requires client_id and a token', async () => {
    const response = await postForm(server.app, '/oauth/revoke', { token: 'x' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringContaining('client_id'),
    });
  });
});

describe('token endpoint input', () => {
  it.each([
    [{}, 'invalid_request', 'grant_type is required'],
    [
      { grant_type: 'password' },
      'unsupported_grant_type',
      'grant_type must be authorization_code, refresh_token or urn:ietf:params:oauth:grant-type:device_code',
    ],
    [
      { grant_type: 'authorization_code', client_id: 'demo-app' },
      'invalid_request',
      expect.stringContaining('code'),
    ],
    [
      { grant_type: 'refresh_token', client_id: '<script>' },
      'invalid_request',
      expect.stringContaining('client_id'),
    ],
  ])('%j → %s', async (form, error, description) => {
    const response = await postForm(server.app, '/oauth/token', form as Record<string, string>);
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ error, error_description: description });
  });

  it('refuses JSON bodies and repeated parameters', async () => {
    const json = await server.app.request('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":"refresh_token"}',
    });
    expect(await json.json()).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringContaining('Content-Type'),
    });
    const repeated = await server.app.request('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&client_id=demo-app&client_id=foyer-web&refresh_token=x',
    });
    expect(await repeated.json()).toMatchObject({
      error: 'invalid_request',
      error_description: 'client_id must not be repeated',
    });
  });

  it('refuses a body over 64 KiB in OAuth terms', async () => {
    const response = await postForm(server.app, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: 'x'.repeat(70_000),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Request body is too large',
    });
  });

  it('refuses an overlong code_verifier', async () => {
    const { code } = await obtainCode(server.app, cookie);
    const response = await exchange(server.app, code, 'a'.repeat(129));
    expect(await response.json()).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringContaining('code_verifier'),
    });
  });
});
