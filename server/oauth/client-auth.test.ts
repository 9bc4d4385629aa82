import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateClientSecret, updateClient } from '../clients/registration.service.ts';
import { clients } from '../db/schema.ts';
import { basicAuthorization, postFormWithAuthorization, registerTestClient } from '../testing/clients.ts';
import {
  createTestServer,
  exchange,
  location,
  ORIGIN,
  obtainCode,
  postForm,
  signIn,
  type TestServer,
} from '../testing/harness.ts';
import { INVALID_REDIRECT_PAGE } from './authorize.handlers.ts';
import { CLIENT_ASSERTION_TYPE } from './client-assertion.ts';

const REDIRECT_URI = `${ORIGIN}/acme/callback`;
const TOKEN_ENDPOINT = `${ORIGIN}/oauth/token`;
const acme = { redirectUris: [REDIRECT_URI], scopes: ['ReadAccounts'] };

let server: TestServer;
let cookie: string;
let keyServer: Server;
let basic: { id: string; secret: string };
let post: { id: string; secret: string };
let keyed: { id: string; secret: string };
let privateKey: CryptoKey;

beforeAll(async () => {
  server = await createTestServer();
  cookie = await signIn(server.app);
  const pair = await generateKeyPair('ES256');
  privateKey = pair.privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'acme-1', alg: 'ES256', use: 'sig' };
  // The client's jwks_uri, as a partner would serve it (fetched by the server with a timeout, cached).
  keyServer = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
  const jwksUri = `http://127.0.0.1:${(keyServer.address() as AddressInfo).port}/jwks`;
  basic = await registerTestClient(server, { name: 'Acme Basic', confidential: true, ...acme });
  post = await registerTestClient(server, { name: 'Acme Post', authMethod: 'client_secret_post', ...acme });
  keyed = await registerTestClient(server, { name: 'Acme Keys', confidential: true, jwksUri, ...acme });
}, 30_000);
afterAll(async () => {
  keyServer.close();
  await server.close();
});

const codeFor = (clientId: string) =>
  obtainCode(server.app, cookie, { clientId, appUrlScheme: REDIRECT_URI, scope: 'ReadAccounts' });
const codeGrant = ({ code, verifier }: { code: string; verifier: string }) => ({
  grant_type: 'authorization_code',
  code,
  redirect_uri: REDIRECT_URI,
  code_verifier: verifier,
});

const withBasic = (path: string, form: Record<string, string>, client: { id: string; secret: string }) =>
  postFormWithAuthorization(server.app, path, form, basicAuthorization(client.id, client.secret));
const UNUSED_REFRESH = { grant_type: 'refresh_token', refresh_token: 'unused' };

function assertion(claims: { aud?: string; exp?: number; jti?: string } = {}, clientId = keyed.id) {
  const now = Math.floor(server.now().getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: 'acme-1' })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(claims.aud ?? TOKEN_ENDPOINT)
    .setIssuedAt(now)
    .setExpirationTime(claims.exp ?? now + 60)
    .setJti(claims.jti ?? randomUUID())
    .sign(privateKey);
}
const withAssertion = async (form: Record<string, string>, clientAssertion: Promise<string>) =>
  postForm(server.app, '/oauth/token', {
    ...form,
    client_assertion_type: CLIENT_ASSERTION_TYPE,
    client_assertion: await clientAssertion,
  });

async function expectInvalidClient(response: Response, description: string | RegExp, challenge: boolean) {
  expect(response.status).toBe(401);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('www-authenticate')).toBe(challenge ? 'Basic realm="foyer"' : null);
  const body = (await response.json()) as { error: string; error_description: string };
  expect(body.error).toBe('invalid_client');
  expect(body.error_description).toMatch(description);
}

describe('confidential clients at the token endpoint', () => {
  it('oidcc-server-client-secret-post', async () => {
    const form = { ...codeGrant(await codeFor(post.id)), client_id: post.id, client_secret: post.secret };
    const response = await postForm(server.app, '/oauth/token', form);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ token_type: 'Bearer', scope: 'ReadAccounts' });
  });

  it('oidcc-server-client-secret-basic', async () => {
    const form = codeGrant(await codeFor(basic.id));
    const response = await withBasic('/oauth/token', form, basic);
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as { refresh_token: string };
    // The refresh grant authenticates the same way.
    const refreshed = await withBasic(
      '/oauth/token',
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      basic,
    );
    expect(refreshed.status).toBe(200);
  });

  it('private_key_jwt: a code flow with a signed client assertion from the jwks_uri', async () => {
    const response = await withAssertion(codeGrant(await codeFor(keyed.id)), assertion());
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ token_type: 'Bearer' });
  });

  it('private_key_jwt: accepts the issuer as audience, refuses a reused jti', async () => {
    const jti = randomUUID();
    const first = await withAssertion(codeGrant(await codeFor(keyed.id)), assertion({ aud: ORIGIN, jti }));
    expect(first.status).toBe(200);
    const again = await withAssertion(codeGrant(await codeFor(keyed.id)), assertion({ aud: ORIGIN, jti }));
    await expectInvalidClient(again, 'client_assertion was already used (jti)', false);
  });

  it('private_key_jwt: refuses a wrong audience, an expired or a long-lived assertion', async () => {
    const form = UNUSED_REFRESH;
    const now = Math.floor(server.now().getTime() / 1000);
    await expectInvalidClient(
      await withAssertion(form, assertion({ aud: 'https://elsewhere.example/oauth/token' })),
      /client_assertion refused: .*aud/,
      false,
    );
    await expectInvalidClient(
      await withAssertion(form, assertion({ exp: now - 60 })),
      /client_assertion refused: .*exp/,
      false,
    );
    await expectInvalidClient(
      await withAssertion(form, assertion({ exp: now + 3600 })),
      'client_assertion must expire within 300 seconds',
      false,
    );
  });

  it('private_key_jwt: refuses a symmetric (HS256) assertion and one signed by another key', async () => {
    const form = UNUSED_REFRESH;
    const now = Math.floor(server.now().getTime() / 1000);
    const hs256 = new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(keyed.id)
      .setSubject(keyed.id)
      .setAudience(TOKEN_ENDPOINT)
      .setExpirationTime(now + 60)
      .setJti(randomUUID())
      .sign(new TextEncoder().encode('a shared secret that is long enough for HS256'));
    await expectInvalidClient(await withAssertion(form, hs256), /client_assertion refused/, false);
    const stranger = (await generateKeyPair('ES256')).privateKey;
    const forged = new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'acme-1' })
      .setIssuer(keyed.id)
      .setSubject(keyed.id)
      .setAudience(TOKEN_ENDPOINT)
      .setExpirationTime(now + 60)
      .setJti(randomUUID())
      .sign(stranger);
    await expectInvalidClient(await withAssertion(form, forged), /client_assertion refused/, false);
  });

  it('wrong secret → 401 with a Basic challenge', async () => {
    const form = UNUSED_REFRESH;
    const viaBasic = await withBasic('/oauth/token', form, { id: basic.id, secret: `${basic.secret}x` });
    await expectInvalidClient(viaBasic, 'The client secret is wrong or has expired', true);
    const viaPost = await postForm(server.app, '/oauth/token', {
      ...form,
      client_id: post.id,
      client_secret: 'guess',
    });
    await expectInvalidClient(viaPost, 'The client secret is wrong or has expired', true);
  });

  it('confidential client without credentials → invalid_client', async () => {
    const response = await postForm(server.app, '/oauth/token', {
      ...codeGrant(await codeFor(basic.id)),
      client_id: basic.id,
    });
    await expectInvalidClient(response, /HTTP Basic/, true);
  });

  it('refuses another method than the registered one, and two methods at once', async () => {
    const form = UNUSED_REFRESH;
    const postForBasic = { ...form, client_id: basic.id, client_secret: basic.secret };
    await expectInvalidClient(await postForm(server.app, '/oauth/token', postForBasic), /HTTP Basic/, true);
    const both = await withBasic('/oauth/token', { ...form, client_secret: basic.secret }, basic);
    await expectInvalidClient(
      both,
      'Use one client authentication method, not HTTP Basic and client_secret',
      true,
    );
    const publicWithSecret = { ...form, client_id: 'demo-app', client_secret: 'anything' };
    await expectInvalidClient(
      await postForm(server.app, '/oauth/token', publicWithSecret),
      /This client is public/,
      false,
    );
  });

  it('refuses a malformed Authorization header', async () => {
    const response = await postFormWithAuthorization(
      server.app,
      '/oauth/token',
      UNUSED_REFRESH,
      'Bearer abc',
    );
    await expectInvalidClient(response, /HTTP Basic with client_id:client_secret/, true);
  });

  it('leaves public clients as they were', async () => {
    const { code, verifier } = await obtainCode(server.app, cookie);
    expect((await exchange(server.app, code, verifier)).status).toBe(200);
  });

  it('revocation authenticates the client the same way', async () => {
    const revoke = (authorization: string) =>
      postFormWithAuthorization(server.app, '/oauth/revoke', { token: 'unknown' }, authorization);
    expect((await revoke(basicAuthorization(basic.id, basic.secret))).status).toBe(200);
    await expectInvalidClient(await revoke(basicAuthorization(basic.id, 'wrong')), /wrong/, true);
  });

  it('lets a confidential client without require_pkce redeem a code without a verifier', async () => {
    const ctx = { db: server.db, now: server.now(), rules: { production: false } };
    await updateClient(ctx, basic.id, { requirePkce: false });
    const { code } = await obtainCode(server.app, cookie, {
      clientId: basic.id,
      appUrlScheme: REDIRECT_URI,
      scope: 'ReadAccounts',
      codeChallenge: undefined,
      codeChallengeMethod: undefined,
    });
    const response = await withBasic(
      '/oauth/token',
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI },
      basic,
    );
    expect(response.status).toBe(200);
    await updateClient(ctx, basic.id, { requirePkce: true });
  });

  it('treats a disabled client as unknown, at the token endpoint and at /oauth/authorize', async () => {
    const disabled = await registerTestClient(server, { name: 'Acme Gone', confidential: true, ...acme });
    await server.db.update(clients).set({ disabledAt: server.now() }).where(eq(clients.id, disabled.id));
    const token = await withBasic('/oauth/token', UNUSED_REFRESH, disabled);
    await expectInvalidClient(token, 'Unknown client_id', true);
    const query = new URLSearchParams({
      client_id: disabled.id,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    });
    const authorize = await server.app.request(`/oauth/authorize?${query}`);
    expect(location(authorize).href).toBe(new URL(INVALID_REDIRECT_PAGE, ORIGIN).href);
  });
});

describe('secret rotation at the token endpoint', () => {
  // Last: it moves the server's clock.
  it('honours the old secret during the overlap, then only the new one', async () => {
    const ctx = { db: server.db, now: server.now(), rules: { production: false } };
    const { clientSecret = '' } = await rotateClientSecret(ctx, basic.id, 1);
    const revoke = (secret: string) =>
      withBasic('/oauth/revoke', { token: 'unknown' }, { id: basic.id, secret });
    expect((await revoke(basic.secret)).status).toBe(200);
    expect((await revoke(clientSecret)).status).toBe(200);
    server.advance(3_600_000 + 1000);
    expect((await revoke(basic.secret)).status).toBe(401);
    expect((await revoke(clientSecret)).status).toBe(200);
  });
});
