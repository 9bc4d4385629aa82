import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { registerClient } from '../../../server/clients/registration.service.ts';
import { openDatabase } from '../../../server/db/client.ts';
import {
  ADA,
  cookieJar,
  ORIGIN,
  obtainCode,
  postJson,
  requestStartupCode,
  signInWith,
} from '../../../server/testing/harness.ts';
import { createTestDatabase } from '../../../server/testing/test-database.ts';
import { expectLogoutToken, type LoopbackRelyingParty, startLoopbackRelyingParty } from '../loopback-rp.ts';
import { type ServerProcess, startProcess } from './processes.ts';

// Issue item 8 on PostgreSQL: a relying party built on oauth4webapi (not Foyer's code) with a
// confidential client registered in the shared database, its steps spread over three real processes,
// and the back-channel logout token delivered to its loopback receiver by whichever process takes it.
// Also how long that delivery takes after a sign-out, with one process and with three (printed).

const adminUrl = inject('postgresAdminUrl');
if (!adminUrl)
  throw new Error('the server-postgres project provides the cluster (test/server/postgres.setup.ts)');

/** A generous bound on one delivery: the worker posts at once, or within its 2 s poll. */
const DELIVERY_BOUND_MS = 15_000;
const ROUNDS = 20;

type Database = Awaited<ReturnType<typeof createTestDatabase>>;
interface Registered {
  id: string;
  secret: string;
}

/** The operator's registration (what `npm run clients -- add` does) in the shared database. */
async function registerRelyingParty(databaseUrl: string, rp: LoopbackRelyingParty): Promise<Registered> {
  const database = await openDatabase({ databaseUrl });
  try {
    const { client, clientSecret } = await registerClient(
      { db: database.db, now: new Date(), rules: { production: false } },
      {
        name: 'Loopback Relying Party',
        confidential: true,
        authMethod: 'client_secret_basic',
        redirectUris: [rp.redirectUri],
        postLogoutRedirectUris: [rp.postLogoutRedirectUri],
        backchannelLogoutUri: rp.backchannelLogoutUri,
      },
    );
    if (!clientSecret) throw new Error('no secret made for a client_secret_basic client');
    return { id: client.client_id, secret: clientSecret };
  } finally {
    await database.close();
  }
}

/**
 * oauth4webapi's request options sending to one process: every process serves the one issuer
 * (PUBLIC_ORIGIN, as behind a load balancer), so the library's URLs are the issuer's and only the
 * connection goes to the process named.
 */
function via(server: ServerProcess) {
  return {
    [oauth.customFetch]: (url: string, init: oauth.CustomFetchOptions<string, unknown>) => {
      const target = new URL(url);
      if (target.origin !== ORIGIN) throw new Error(`a request off the issuer: ${url}`);
      return fetch(`http://127.0.0.1:${server.port}${target.pathname}${target.search}`, {
        ...(init as RequestInit),
        redirect: 'manual',
      });
    },
    [oauth.allowInsecureRequests]: true,
  };
}

async function jwksOf(server: ServerProcess) {
  return createLocalJWKSet((await (await server.app.request('/oauth/jwks')).json()) as JSONWebKeySet);
}

/** Signs ada in at one process and has a code issued to the relying party for that session at another. */
async function signInForApp(
  signInAt: ServerProcess,
  codeAt: ServerProcess,
  rp: LoopbackRelyingParty,
  id: string,
) {
  const jar = cookieJar();
  const { sessionId } = await signInWith(signInAt.app, jar, ADA);
  await obtainCode(codeAt.app, jar.header, { clientId: id, appUrlScheme: rp.redirectUri, scope: 'openid' });
  if (!sessionId) throw new Error('the login reply names no session');
  return { jar, sid: sessionId };
}

/**
 * Sign-out to the logout token's arrival at the app, `ROUNDS` times: each round signs in (at one
 * process), gets a code for the app (at the next), then signs out (at the third) and waits for the post.
 */
async function measureDelivery(
  servers: readonly ServerProcess[],
  rp: LoopbackRelyingParty,
  registered: Registered,
  jwks: Awaited<ReturnType<typeof jwksOf>>,
) {
  const delays: number[] = [];
  const at = (index: number) => servers[index % servers.length] as ServerProcess;
  for (let round = 0; round < ROUNDS; round += 1) {
    const { jar, sid } = await signInForApp(at(round), at(round + 1), rp, registered.id);
    const before = rp.logouts.length;
    const started = performance.now();
    const signedOut = await postJson(at(round + 2).app, '/api/logout', {}, jar.header);
    expect(signedOut.status).toBe(200);
    await vi.waitFor(() => expect(rp.logouts.length).toBeGreaterThan(before), {
      timeout: DELIVERY_BOUND_MS,
      interval: 5,
    });
    const post = rp.logouts[before];
    if (!post) throw new Error('no logout post recorded');
    const { payload } = await jwtVerify(post.token, jwks, {
      issuer: ORIGIN,
      audience: registered.id,
      typ: 'logout+jwt',
    });
    expect(payload.sid).toBe(sid);
    delays.push(post.at - started);
  }
  const sorted = [...delays].sort((a, b) => a - b);
  const median = ((sorted[ROUNDS / 2 - 1] ?? 0) + (sorted[ROUNDS / 2] ?? 0)) / 2;
  return { median, min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0 };
}

function report(label: string, { median, min, max }: { median: number; min: number; max: number }) {
  console.log(
    `back-channel logout, ${label}: sign-out to delivered, median ${median.toFixed(1)} ms, ` +
      `min ${min.toFixed(1)} ms, max ${max.toFixed(1)} ms (${ROUNDS} sign-outs)`,
  );
}

describe('an independent relying party over three processes sharing one PostgreSQL', () => {
  let database: Database;
  let rp: LoopbackRelyingParty;
  let registered: Registered;
  let a: ServerProcess;
  let b: ServerProcess;
  let c: ServerProcess;
  beforeAll(async () => {
    rp = await startLoopbackRelyingParty();
    database = await createTestDatabase(adminUrl);
    registered = await registerRelyingParty(database.url, rp);
    const started = await Promise.all([1, 2, 3].map(() => startProcess(database.url)));
    [a, b, c] = started as [ServerProcess, ServerProcess, ServerProcess];
  }, 120_000);
  afterAll(async () => {
    for (const server of [a, b, c]) server?.kill('SIGKILL');
    await Promise.all([a, b, c].map((server) => server?.exited));
    await database?.drop();
    await rp?.close();
  }, 60_000);

  it('signs in at A, authorises at B with a nonce, exchanges at C with the secret, UserInfo at A, refreshes at B, signs out at C, and the logout token arrives', {
    timeout: 60_000,
  }, async () => {
    const issuer = new URL(ORIGIN);
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { ...via(a), algorithm: 'oidc' }),
    );
    const client: oauth.Client = { client_id: registered.id };
    const clientAuth = oauth.ClientSecretBasic(registered.secret);

    // Signed in at A.
    const jar = cookieJar();
    const login = await signInWith(a.app, jar, ADA);

    // The authorisation request at B; the browser's part (the consent page's Approve) as the SPA sends it.
    const verifier = oauth.generateRandomCodeVerifier();
    const nonce = oauth.generateRandomNonce();
    const state = oauth.generateRandomState();
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: registered.id,
      redirect_uri: rp.redirectUri,
      scope: 'openid profile email phone',
      state,
      nonce,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const authorized = jar.absorb(
      await b.app.request(`/oauth/authorize?${params}`, { headers: { cookie: jar.header } }),
    );
    expect(authorized.status, b.output()).toBe(302);
    const toSpa = new URL(authorized.headers.get('location') ?? '', ORIGIN);
    expect(toSpa.pathname).toBe('/');
    const generated = await requestStartupCode(b.app, jar, toSpa.searchParams);
    expect(generated.status).toBe(200);
    const callback = new URL(
      ((await generated.json()) as { data: { redirectUri: string } }).data.redirectUri,
    );
    expect(callback.origin + callback.pathname).toBe(rp.redirectUri);

    // Exchanged at C with the secret; the ID token checked by oauth4webapi (iss, aud, azp, exp, iat,
    // nonce) and its signature by jose against the JWKS another process (B) publishes.
    const authResponse = oauth.validateAuthResponse(as, client, callback, state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        clientAuth,
        authResponse,
        rp.redirectUri,
        verifier,
        via(c),
      ),
      { expectedNonce: nonce, requireIdToken: true },
    );
    const claims = oauth.getValidatedIdTokenClaims(tokens);
    if (!claims || !tokens.id_token) throw new Error('no ID token from the code exchange');
    expect(claims.nonce).toBe(nonce);
    expect(claims.sid).toBe(login.sessionId);
    const jwks = await jwksOf(b);
    const verified = await jwtVerify(tokens.id_token, jwks, {
      issuer: ORIGIN,
      audience: registered.id,
      algorithms: ['RS256'],
    });
    expect(verified.payload.sub).toBe(claims.sub);

    // UserInfo at A.
    const userInfo = await oauth.processUserInfoResponse(
      as,
      client,
      claims.sub,
      await oauth.userInfoRequest(as, client, tokens.access_token, via(a)),
    );
    expect(userInfo.sub).toBe(claims.sub);
    expect(userInfo.email).toBe(ADA.email);

    // Refreshed at B: a new ID token, same person, sign-in and session, no nonce.
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token ?? '', via(b)),
    );
    const refreshedClaims = oauth.getValidatedIdTokenClaims(refreshed);
    if (!refreshedClaims || !refreshed.id_token) throw new Error('no ID token from the refresh');
    expect(refreshedClaims.sub).toBe(claims.sub);
    expect(refreshedClaims.auth_time).toBe(claims.auth_time);
    expect(refreshedClaims.sid).toBe(claims.sid);
    expect(refreshedClaims.nonce).toBeUndefined();
    await jwtVerify(refreshed.id_token, await jwksOf(a), { issuer: ORIGIN, audience: registered.id });

    // Signed out at C; the logout token reaches the app, from whichever process (bounded wait).
    const before = rp.logouts.length;
    const signedOut = await postJson(c.app, '/api/logout', {}, jar.header);
    expect(signedOut.status).toBe(200);
    await expect.poll(() => rp.logouts.length, { timeout: 10_000 }).toBe(before + 1);
    await expectLogoutToken(rp.logouts[before]?.token ?? '', await jwksOf(a), {
      issuer: ORIGIN,
      clientId: registered.id,
      sid: claims.sid,
      sub: claims.sub,
    });
  });

  it(`back-channel delivery time with three processes (median of ${ROUNDS} sign-outs, printed)`, {
    timeout: 180_000,
  }, async () => {
    const result = await measureDelivery([a, b, c], rp, registered, await jwksOf(c));
    report('three processes', result);
    expect(result.max).toBeLessThan(DELIVERY_BOUND_MS);
  });
});

describe('the same relying party with one process', () => {
  let database: Database;
  let rp: LoopbackRelyingParty;
  let registered: Registered;
  let solo: ServerProcess;
  beforeAll(async () => {
    rp = await startLoopbackRelyingParty();
    database = await createTestDatabase(adminUrl);
    registered = await registerRelyingParty(database.url, rp);
    solo = await startProcess(database.url);
  }, 120_000);
  afterAll(async () => {
    solo?.kill('SIGKILL');
    await solo?.exited;
    await database?.drop();
    await rp?.close();
  }, 60_000);

  it(`back-channel delivery time with one process (median of ${ROUNDS} sign-outs, printed)`, {
    timeout: 180_000,
  }, async () => {
    const result = await measureDelivery([solo], rp, registered, await jwksOf(solo));
    report('one process', result);
    expect(result.max).toBeLessThan(DELIVERY_BOUND_MS);
  });
});
