import { eq } from 'drizzle-orm';
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import { expect } from 'vitest';
import { backchannelLogouts } from '../../db/schema.ts';
import { DEMO_NOTES_CLIENT_ID, DEMO_NOTES_REDIRECT_PATH } from '../../db/seed-data.ts';
import {
  ADA,
  type CookieJar,
  cookieJar,
  ORIGIN,
  obtainCode,
  signInWith,
  type TestServer,
} from '../../testing/harness.ts';
import type { Fetch } from './delivery.service.ts';
import { BACKCHANNEL_LOGOUT_EVENT } from './logout-token.ts';
import { backchannelWorker } from './worker.ts';

/** Test support (not a test) for server/oauth/backchannel. */

/** Signs in within `jar` and has a code issued for that session to each app named; returns its sid. */
export async function signInUsing(
  server: TestServer,
  apps: readonly ('demo-app' | 'demo-notes')[] = ['demo-app'],
  jar: CookieJar = cookieJar(),
  user: { email: string; password: string } = ADA,
) {
  const { sessionId } = await signInWith(server.app, jar, user);
  for (const app of apps)
    await obtainCode(
      server.app,
      jar.header,
      app === 'demo-notes'
        ? {
            clientId: DEMO_NOTES_CLIENT_ID,
            appUrlScheme: `${ORIGIN}${DEMO_NOTES_REDIRECT_PATH}`,
            scope: 'ReadAccounts',
          }
        : {},
    );
  if (!sessionId) throw new Error('the login reply names no session');
  return { jar, sid: sessionId };
}

export interface Post {
  url: string;
  token: string;
  status: number;
  at: number;
}

/**
 * A delivery worker like the harness's, but recording every post; `respond` stands in for the app (default:
 * the app itself, in process).
 */
export function recordingWorker(
  server: TestServer,
  respond?: (url: string, init?: RequestInit) => Response | Promise<Response>,
) {
  const posts: Post[] = [];
  const fetch: Fetch = async (url, init) => {
    const token = new URLSearchParams(String(init?.body)).get('logout_token') ?? '';
    const response = await (respond ? respond(url, init) : server.app.request(url, init));
    posts.push({ url, token, status: response.status, at: performance.now() });
    return response;
  };
  const logger = {
    info: (line: string) => server.logs.push(line),
    error: (line: string) => server.logs.push(line),
  };
  const worker = backchannelWorker({
    db: server.db,
    keys: server.keys,
    issuer: ORIGIN,
    now: server.now,
    logger,
    fetch,
  });
  return { worker, posts };
}

export const rowsOf = (server: TestServer, sid: string) =>
  server.db
    .select()
    .from(backchannelLogouts)
    .where(eq(backchannelLogouts.sid, sid))
    .orderBy(backchannelLogouts.id);

/** What a relying party checks (Back-Channel Logout 1.0 §2.6), with jose against the published JWKS. */
export async function expectLogoutToken(
  server: TestServer,
  token: string,
  expected: { clientId: string; sid: string; sub: string; alg?: string },
) {
  const jwks = (await (await server.app.request('/oauth/jwks')).json()) as JSONWebKeySet;
  const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(jwks), {
    issuer: ORIGIN,
    audience: expected.clientId,
    typ: 'logout+jwt',
    currentDate: server.now(),
  });
  expect(protectedHeader).toMatchObject({ alg: expected.alg ?? 'RS256', typ: 'logout+jwt' });
  expect(protectedHeader.kid).toEqual(expect.any(String));
  expect(payload).toEqual({
    iss: ORIGIN,
    aud: expected.clientId,
    sub: expected.sub,
    sid: expected.sid,
    iat: expect.any(Number),
    exp: (payload.iat ?? 0) + 120,
    jti: expect.stringMatching(/^[\w-]{43}$/),
    events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
  });
  expect(payload).not.toHaveProperty('nonce');
}
