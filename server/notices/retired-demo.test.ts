import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, ORIGIN, type TestServer } from '../testing/harness.ts';

// The retired demo app (/retired-app, README): a real OAuth start that Foyer answers with the notice.

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const locationOf = (response: Response) => {
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '', ORIGIN);
};

describe('the retired demo app', () => {
  it('is linked from both demo apps’ home pages', async () => {
    for (const home of ['/demo-app', '/demo-notes']) {
      const page = await (await server.app.request(home)).text();
      expect(page).toContain('href="/retired-app" id="retired-app"');
    }
    const own = await (await server.app.request('/retired-app')).text();
    expect(own).toContain('Foyer Classic has been retired');
    expect(own).not.toContain('id="retired-app"');
    expect(own).not.toContain('id="other-app"');
  });

  it('starts a real authorisation request (PKCE, state) that Foyer hands to the SPA with errorCode=216', async () => {
    const start = await server.app.request('/retired-app/login');
    const authorizeUrl = locationOf(start);
    expect(authorizeUrl.pathname).toBe('/oauth/authorize');
    expect(authorizeUrl.searchParams.get('client_id')).toBe('retired-app');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/retired-app/callback`);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const spa = locationOf(await server.app.request(`${authorizeUrl.pathname}${authorizeUrl.search}`));
    expect(spa.pathname).toBe('/');
    expect(spa.searchParams.get('errorCode')).toBe('216');
    expect(spa.searchParams.get('clientId')).toBe('retired-app');
  });

  it('shows an error the SPA sends back, as the other demo apps do', async () => {
    const page = await server.app.request('/retired-app/callback?error=user_cancelled');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('user_cancelled');
  });
});
