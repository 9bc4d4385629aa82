import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADA,
  createTestServer,
  DEMO_REDIRECT_URI,
  expectFailure,
  ORIGIN,
  postForm,
  type TestServer,
} from '../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** A JSON POST as the SPA sends it, with the headers a browser adds. */
const login = (headers: Record<string, string>) =>
  server.app.request('/api/login?clientId=demo-app', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ clientId: 'demo-app', username: ADA.email, password: ADA.password }),
  });

describe('state-changing requests from other sites', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }, /Sec-Fetch-Site: cross-site/],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }, /same-site/],
    ['a foreign Origin', { origin: 'https://attacker.example' }, /Origin header names another site/],
    ['a foreign Origin that looks alike', { origin: `${ORIGIN}.attacker.example` }, /Origin/],
    ['Origin: null from elsewhere', { origin: 'null', 'sec-fetch-site': 'cross-site' }, /cross-site/],
  ])(
    'refuses %s with 403 and CROSS_SITE_REQUEST (419), before anything happens',
    async (_, headers, message) => {
      const response = await login(headers);
      expect(response.headers.getSetCookie()).toEqual([]);
      const status = await expectFailure(response, 403);
      expect(status.code).toBe(419);
      expect(status.backendMessage).toMatch(message);
    },
  );

  it.each([
    ['same-origin with our Origin', { 'sec-fetch-site': 'same-origin', origin: ORIGIN }],
    ['no browser headers at all (curl, server to server)', {}],
    // Our pages' Referrer-Policy: no-referrer makes browsers send Origin: null on their own form posts.
    ['Origin: null on a same-origin form post', { 'sec-fetch-site': 'same-origin', origin: 'null' }],
  ])('lets %s through', async (_, headers) => {
    expect((await login(headers)).status).toBe(200);
  });

  it('refuses a cross-site form post to the identity provider and the demo app', async () => {
    for (const path of ['/idp/sign-in', '/demo-app/refresh', '/demo-notes/logout']) {
      const response = await server.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
        body: 'action=signIn',
      });
      expect(response.status, path).toBe(403);
    }
  });

  it('leaves GET requests alone (they change nothing)', async () => {
    const response = await server.app.request('/api/config/locales?clientId=demo-app', {
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://attacker.example' },
    });
    expect(response.status).toBe(200);
  });

  it('keeps the OAuth back channel callable from apps on other origins', async () => {
    const crossSite = { 'sec-fetch-site': 'cross-site', origin: 'https://app.example' };
    const token = await server.app.request('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...crossSite },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'demo-app',
        code: 'unknown',
        redirect_uri: DEMO_REDIRECT_URI,
      }).toString(),
    });
    // Refused for the code, not for where it came from.
    expect(token.status).toBe(400);
    expect(await token.json()).toMatchObject({ error: 'invalid_grant' });
    const revoke = await server.app.request('/oauth/revoke', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...crossSite },
      body: 'client_id=demo-app&token=unknown',
    });
    expect(revoke.status).toBe(200);
    expect((await postForm(server.app, '/oauth/revoke', { client_id: 'demo-app', token: 'x' })).status).toBe(
      200,
    );
  });
});
