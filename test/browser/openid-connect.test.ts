import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerClient } from '../../server/clients/registration.service.ts';
import { openDatabase } from '../../server/db/client.ts';
import { imageIn } from '../../server/db/pglite.ts';
import { type RunningServer, startServer } from '../../server/start.ts';
import { RELAXED_LIMITS } from '../../server/testing/harness.ts';
import {
  expectLogoutToken,
  type LoopbackRelyingParty,
  startLoopbackRelyingParty,
} from '../server/loopback-rp.ts';
import { createContextPool } from './contextPool.ts';
import {
  AUTHORIZE,
  chromiumArgs,
  demo,
  enterCredential,
  enterPassword,
  expectAccessible,
} from './harness.ts';

// Issue item 8: a relying party built on an independent library (openid-client, not Foyer's code)
// signs in through Foyer's real pages in Chromium, validates the ID token, calls UserInfo, refreshes,
// and signs out, and the back-channel logout token reaches it. The app's web side is a loopback HTTP
// server the test runs (test/server/loopback-rp.ts).
//
// The harness's server keeps its database in memory, out of reach; this file's server keeps it in a
// temporary PGlite folder instead, so the client can be registered there first, as an operator does
// with `npm run clients` before the server starts (PGlite has one process at a time).

const APP_NAME = 'Loopback Relying Party';

let dataDir: string;
let rp: LoopbackRelyingParty;
let server: RunningServer;
let browser: Browser;
let contexts: ReturnType<typeof createContextPool>;
let registered: { id: string; secret: string };
let config: client.Configuration;

beforeAll(async () => {
  rp = await startLoopbackRelyingParty();
  dataDir = await mkdtemp(join(tmpdir(), 'foyer-oidc-browser-'));
  const database = await openDatabase({ dataDir, image: imageIn('dist') });
  try {
    const { client: view, clientSecret } = await registerClient(
      { db: database.db, now: new Date(), rules: { production: false } },
      {
        name: APP_NAME,
        confidential: true,
        authMethod: 'client_secret_basic',
        redirectUris: [rp.redirectUri],
        postLogoutRedirectUris: [rp.postLogoutRedirectUri],
        backchannelLogoutUri: rp.backchannelLogoutUri,
      },
    );
    registered = { id: view.client_id, secret: clientSecret ?? '' };
  } finally {
    await database.close();
  }
  expect(registered.secret).not.toBe('');
  server = await startServer({
    port: 0,
    dataDir,
    distDir: 'dist',
    quiet: true,
    limits: RELAXED_LIMITS,
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...chromiumArgs, '--process-per-site'],
  });
  contexts = createContextPool(browser, server.origin);
  // The library's own discovery: the issuer checked against the document, the secret sent as HTTP
  // Basic, the ID token's signature checked against jwks_uri (non-repudiation checks), and plain http
  // allowed because the test server is on a loopback port.
  config = await client.discovery(
    new URL(server.origin),
    registered.id,
    { client_secret: registered.secret },
    client.ClientSecretBasic(registered.secret),
    { execute: [client.allowInsecureRequests, client.enableNonRepudiationChecks] },
  );
}, 180_000);

afterEach(async () => contexts?.recycle());

afterAll(async () => {
  await contexts?.close();
  await browser?.close();
  await server?.close();
  await rp?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('an independent relying party (openid-client) signs in through Foyer in a real browser', () => {
  it('signs in through the real pages, validates the ID token, calls UserInfo, refreshes, and logs out with the back-channel logout token delivered', {
    timeout: 180_000,
  }, async () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(server.origin);
    expect(metadata.end_session_endpoint).toBe(`${server.origin}/oauth/logout`);
    expect(metadata.backchannel_logout_supported).toBe(true);
    expect(metadata.backchannel_logout_session_supported).toBe(true);
    const jwks = createRemoteJWKSet(new URL(metadata.jwks_uri ?? ''));

    // The authorisation request, built by the library.
    const verifier = client.randomPKCECodeVerifier();
    const nonce = client.randomNonce();
    const state = client.randomState();
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: rp.redirectUri,
      scope: 'openid profile email phone',
      nonce,
      state,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });

    // Foyer's real pages: credential, password, consent.
    const { page } = await contexts.newPage();
    try {
      await page.goto(authorizationUrl.href);
      await page.waitForURL(/#\/enterCredential$/);
      await expectAccessible(page, 'credential page');
      await enterCredential(page, demo.ada.email);
      await page.waitForURL(/#\/enterPassword\/email\/ada%40example\.com$/);
      await expectAccessible(page, 'password page');
      await enterPassword(page, demo.ada.password);
      await page.waitForURL(/#\/consent$/);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(APP_NAME);
      await expectAccessible(page, 'consent page');
      await page.getByRole('button', { name: AUTHORIZE }).click();

      // The browser lands on the app's own server with the code.
      await page.waitForURL((url) => url.href.startsWith(`${rp.redirectUri}?`));
      await expect.poll(() => rp.visits.length).toBeGreaterThan(0);
      const callback = rp.visits.at(-1) as URL;
      expect(callback.origin + callback.pathname).toBe(rp.redirectUri);
      expect(callback.searchParams.get('iss')).toBe(server.origin);

      // Code exchange with the secret; the library checks state, iss (RFC 9207), PKCE, and the ID
      // token: signature against jwks_uri, iss, aud, azp, exp, iat, nonce.
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedNonce: nonce,
        expectedState: state,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims || !tokens.id_token) throw new Error('no ID token from the code exchange');
      expect(claims.iss).toBe(server.origin);
      expect(claims.aud).toBe(registered.id);
      expect(claims.nonce).toBe(nonce);
      expect(typeof claims.sid).toBe('string');
      expect(typeof claims.auth_time).toBe('number');
      expect(claims.amr).toEqual(['pwd']);
      expect(claims.email).toBe(demo.ada.email);
      // And once more with another implementation (jose), over the published JWKS, RS256 by default.
      const verified = await jwtVerify(tokens.id_token, jwks, {
        issuer: server.origin,
        audience: registered.id,
        algorithms: ['RS256'],
      });
      expect(verified.payload.sub).toBe(claims.sub);
      expect(decodeProtectedHeader(tokens.id_token).kid).toBeTruthy();

      // UserInfo: the same subject, ada's email, her phone.
      const userInfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      expect(userInfo.sub).toBe(claims.sub);
      expect(userInfo.email).toBe(demo.ada.email);
      expect(userInfo.email_verified).toBeTypeOf('boolean');
      expect(userInfo.phone_number).toMatch(/^\+16505550100/);
      expect(userInfo.name).toBeTruthy();

      // Refresh: a new ID token for the same person, sign-in and session; no nonce.
      const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token ?? '');
      const refreshedClaims = refreshed.claims();
      if (!refreshedClaims || !refreshed.id_token) throw new Error('no ID token from the refresh');
      expect(refreshed.id_token).not.toBe(tokens.id_token);
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
      expect(refreshedClaims.sub).toBe(claims.sub);
      expect(refreshedClaims.auth_time).toBe(claims.auth_time);
      expect(refreshedClaims.sid).toBe(claims.sid);
      expect(refreshedClaims.nonce).toBeUndefined();
      await jwtVerify(refreshed.id_token, jwks, { issuer: server.origin, audience: registered.id });

      // RP-initiated logout in the browser, back to the registered post-logout address with the state.
      expect(rp.logouts).toEqual([]);
      const logoutState = client.randomState();
      const endSessionUrl = client.buildEndSessionUrl(config, {
        id_token_hint: refreshed.id_token,
        post_logout_redirect_uri: rp.postLogoutRedirectUri,
        state: logoutState,
      });
      await page.goto(endSessionUrl.href);
      await page.waitForURL((url) => url.href.startsWith(`${rp.postLogoutRedirectUri}?`));
      const returned = rp.visits.at(-1) as URL;
      expect(returned.origin + returned.pathname).toBe(rp.postLogoutRedirectUri);
      expect(returned.searchParams.get('state')).toBe(logoutState);

      // The back-channel logout token reaches the app's server (bounded condition wait), and verifies.
      await expect.poll(() => rp.logouts.length, { timeout: 10_000 }).toBe(1);
      const logoutToken = rp.logouts[0]?.token ?? '';
      await expectLogoutToken(logoutToken, jwks, {
        issuer: server.origin,
        clientId: registered.id,
        sid: claims.sid,
        sub: claims.sub,
      });

      // The session really ended: silent authentication now answers login_required.
      const silentState = client.randomState();
      await page.goto(
        client.buildAuthorizationUrl(config, {
          redirect_uri: rp.redirectUri,
          scope: 'openid',
          prompt: 'none',
          state: silentState,
          code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
          code_challenge_method: 'S256',
        }).href,
      );
      await page.waitForURL((url) => url.href.startsWith(`${rp.redirectUri}?`));
      const silent = rp.visits.at(-1) as URL;
      expect(silent.searchParams.get('error')).toBe('login_required');
      expect(silent.searchParams.get('state')).toBe(silentState);
      // Still exactly one logout token: nothing delivered twice.
      expect(rp.logouts).toHaveLength(1);
    } finally {
      // Back on Foyer's site before the page is closed: Chromium's page.close() at times never
      // returned for a page whose last document was on the app's loopback origin (another site and
      // renderer process), which hung the pool's afterEach (test/browser/contextPool.ts).
      await page.goto(`${server.origin}/.well-known/openid-configuration`).catch(() => {});
    }
  });
});
