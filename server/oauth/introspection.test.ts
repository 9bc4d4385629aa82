import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClientDisabled } from '../clients/registration.service.ts';
import { refreshTokens } from '../db/schema.ts';
import { sha256Hex } from '../security/tokens.ts';
import { basicAuthorization, postFormWithAuthorization, registerTestClient } from '../testing/clients.ts';
import {
  createTestServer,
  exchange,
  ORIGIN,
  obtainCode,
  postForm,
  refresh,
  signIn,
  type TestServer,
  type Tokens,
} from '../testing/harness.ts';

const REDIRECT_URI = `${ORIGIN}/resource/callback`;

let server: TestServer;
let cookie: string;
let resourceServer: { id: string; secret: string };

beforeAll(async () => {
  server = await createTestServer();
  cookie = await signIn(server.app);
  resourceServer = await registerTestClient(server, {
    name: 'Accounts API',
    confidential: true,
    redirectUris: [REDIRECT_URI],
    scopes: ['ReadAccounts'],
  });
}, 30_000);
afterAll(() => server.close());

const introspect = (form: Record<string, string>, secret = resourceServer.secret) =>
  postFormWithAuthorization(
    server.app,
    '/oauth/introspect',
    form,
    basicAuthorization(resourceServer.id, secret),
  );
async function answer(token: string, hint?: string) {
  const response = await introspect(hint ? { token, token_type_hint: hint } : { token });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as Record<string, unknown>;
}

async function demoTokens(): Promise<Tokens> {
  const { code, verifier } = await obtainCode(server.app, cookie);
  return (await (await exchange(server.app, code, verifier)).json()) as Tokens;
}
async function ownTokens(): Promise<Tokens> {
  const { code, verifier } = await obtainCode(server.app, cookie, {
    clientId: resourceServer.id,
    appUrlScheme: REDIRECT_URI,
    scope: 'ReadAccounts',
  });
  const response = await postFormWithAuthorization(
    server.app,
    '/oauth/token',
    { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier },
    basicAuthorization(resourceServer.id, resourceServer.secret),
  );
  return (await response.json()) as Tokens;
}

describe('POST /oauth/introspect', () => {
  it('describes any app’s live access token to a confidential client', async () => {
    const tokens = await demoTokens();
    const described = await answer(tokens.access_token, 'access_token');
    expect(described).toMatchObject({
      active: true,
      token_type: 'Bearer',
      client_id: 'demo-app',
      sub: '400100101',
      scope: 'ReadAccounts ReadCallLog',
      iss: ORIGIN,
      aud: ORIGIN,
    });
    expect(described.jti).toEqual(expect.any(String));
    expect((described.exp as number) - (described.iat as number)).toBe(3600);
    expect(described).not.toHaveProperty('username');
  });

  it('answers only {active:false} for a revoked, unknown or garbled token', async () => {
    const tokens = await demoTokens();
    await postForm(server.app, '/oauth/revoke', { client_id: 'demo-app', token: tokens.access_token });
    expect(await answer(tokens.access_token)).toEqual({ active: false });
    expect(await answer('a.b.c')).toEqual({ active: false });
    expect(await answer('no-such-refresh-token', 'refresh_token')).toEqual({ active: false });
  });

  it('describes a refresh token to its own client only, and only while it is live', async () => {
    const own = await ownTokens();
    const described = await answer(own.refresh_token, 'refresh_token');
    expect(described).toMatchObject({
      active: true,
      token_type: 'refresh_token',
      client_id: resourceServer.id,
      sub: '400100101',
      scope: 'ReadAccounts',
      iss: ORIGIN,
    });
    const [row] = await server.db
      .select({ expiresAt: refreshTokens.expiresAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(own.refresh_token)));
    expect(described.exp).toBe(Math.floor((row?.expiresAt.getTime() ?? 0) / 1000));

    const others = await demoTokens();
    expect(await answer(others.refresh_token)).toEqual({ active: false });
    // Rotated by use: the old one is no longer active.
    expect((await refresh(server.app, others.refresh_token)).status).toBe(200);
    await postFormWithAuthorization(
      server.app,
      '/oauth/token',
      { grant_type: 'refresh_token', refresh_token: own.refresh_token },
      basicAuthorization(resourceServer.id, resourceServer.secret),
    );
    expect(await answer(own.refresh_token)).toEqual({ active: false });
  });

  it('refuses public clients and unauthenticated callers', async () => {
    const tokens = await demoTokens();
    const asPublic = await postForm(server.app, '/oauth/introspect', {
      client_id: 'demo-app',
      token: tokens.access_token,
    });
    expect(asPublic.status).toBe(401);
    expect(asPublic.headers.get('www-authenticate')).toBe('Basic realm="foyer"');
    expect(await asPublic.json()).toMatchObject({ error: 'invalid_client' });
    const wrongSecret = await introspect({ token: tokens.access_token }, 'wrong');
    expect(wrongSecret.status).toBe(401);
    const nobody = await postForm(server.app, '/oauth/introspect', { token: tokens.access_token });
    expect(nobody.status).toBe(400);
    expect(await nobody.json()).toMatchObject({ error: 'invalid_request' });
    const noToken = await introspect({});
    expect(await noToken.json()).toMatchObject({ error: 'invalid_request', error_description: /token/ });
  });

  it('reports a disabled app’s tokens as inactive', async () => {
    const ctx = { db: server.db, now: server.now(), rules: { production: false } };
    const other = await registerTestClient(server, {
      name: 'Soon disabled',
      confidential: true,
      redirectUris: [REDIRECT_URI],
      scopes: ['ReadAccounts'],
    });
    const { code, verifier } = await obtainCode(server.app, cookie, {
      clientId: other.id,
      appUrlScheme: REDIRECT_URI,
      scope: 'ReadAccounts',
    });
    const response = await postFormWithAuthorization(
      server.app,
      '/oauth/token',
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier },
      basicAuthorization(other.id, other.secret),
    );
    const tokens = (await response.json()) as Tokens;
    expect(await answer(tokens.access_token)).toMatchObject({ active: true });
    await setClientDisabled(ctx, other.id, true);
    expect(await answer(tokens.access_token)).toEqual({ active: false });
  });

  // Last: it moves the server's clock.
  it('reports an expired access token as inactive', async () => {
    const tokens = await demoTokens();
    server.advance(3601 * 1000);
    expect(await answer(tokens.access_token)).toEqual({ active: false });
  });
});
