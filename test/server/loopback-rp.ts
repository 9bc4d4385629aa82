/**
 * Test support (not a test): the web side of a relying party that is not Foyer's code, on a loopback
 * port of its own (127.0.0.1, random port; RFC 8252 §7.3 loopback http is registrable outside
 * production). It answers the browser's redirects (any GET) with a small page and records their URLs,
 * and takes Back-Channel Logout posts (`POST /backchannel`, form `logout_token=`) as an app does: 200
 * with `Cache-Control: no-store` (Back-Channel Logout 1.0 §2.8), each token recorded with the time it
 * arrived (performance.now(), for delivery-time measurements).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type JWTVerifyGetKey, jwtVerify } from 'jose';
import { expect } from 'vitest';
import { BACKCHANNEL_LOGOUT_EVENT } from '../../server/oauth/backchannel/logout-token.ts';

export interface LogoutPost {
  token: string;
  /** performance.now() when the post arrived. */
  at: number;
}

export interface LoopbackRelyingParty {
  /** http://127.0.0.1:<port> */
  origin: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  backchannelLogoutUri: string;
  /** Every GET the browser sent, in order (redirect and post-logout callbacks). */
  visits: URL[];
  /** Every logout token posted, in order. */
  logouts: LogoutPost[];
  close(): Promise<void>;
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

export async function startLoopbackRelyingParty(): Promise<LoopbackRelyingParty> {
  const visits: URL[] = [];
  const logouts: LogoutPost[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? '127.0.0.1'}`);
    if (request.method === 'POST' && url.pathname === '/backchannel') {
      bodyOf(request).then(
        (body) => {
          const at = performance.now();
          const isForm = /^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '');
          const token = isForm ? new URLSearchParams(body).get('logout_token') : null;
          if (!token) {
            response.writeHead(400, { 'cache-control': 'no-store' }).end();
            return;
          }
          logouts.push({ token, at });
          response.writeHead(200, { 'cache-control': 'no-store' }).end();
        },
        () => response.writeHead(400).end(),
      );
      return;
    }
    // The browser asks for /favicon.ico on its own: not a visit of the app's.
    if (request.method === 'GET' && url.pathname === '/favicon.ico') {
      response.writeHead(404, { 'cache-control': 'no-store' }).end();
      return;
    }
    if (request.method === 'GET') {
      visits.push(url);
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(
          '<!doctype html><html lang="en"><head><title>Relying party</title></head>' +
            '<body><main><h1>Relying party</h1></main></body></html>',
        );
      return;
    }
    response.writeHead(405).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    redirectUri: `${origin}/callback`,
    postLogoutRedirectUri: `${origin}/signed-out`,
    backchannelLogoutUri: `${origin}/backchannel`,
    visits,
    logouts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * What a relying party must check of a logout token (Back-Channel Logout 1.0 §2.6), against the
 * provider's keys, and that it speaks of the sign-in the ID token stated.
 */
export async function expectLogoutToken(
  token: string,
  keys: JWTVerifyGetKey,
  expected: { issuer: string; clientId: string; sid: unknown; sub: unknown },
) {
  const { protectedHeader, payload } = await jwtVerify(token, keys, {
    issuer: expected.issuer,
    audience: expected.clientId,
    typ: 'logout+jwt',
    algorithms: ['RS256'],
    requiredClaims: ['iat', 'exp', 'jti', 'events', 'sid'],
  });
  expect(protectedHeader.typ).toBe('logout+jwt');
  expect(payload.events).toEqual({ [BACKCHANNEL_LOGOUT_EVENT]: {} });
  expect(payload.sid).toBe(expected.sid);
  expect(payload.sub).toBe(expected.sub);
  expect(payload).not.toHaveProperty('nonce');
}
