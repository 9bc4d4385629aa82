import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieFrom,
  createTestServer,
  DEMO_REDIRECT_URI,
  location,
  type TestServer,
} from '../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const get = (path: string, cookie?: string) =>
  server.app.request(path, cookie ? { headers: { cookie } } : {});
/** A form post from one of the server's own pages (the same-origin check lets it through). */
const postHere = (path: string, body: Record<string, string> = {}, cookie?: string) =>
  server.app.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(body).toString(),
  });

/** The scheme the page's `<html>` names, or undefined when it names none. */
const schemeOf = (page: string) => {
  const root = /<html[^>]*>/.exec(page)?.[0] ?? '';
  expect(root, 'the page has an <html> element').not.toBe('');
  return /\sdata-scheme="([^"]*)"/.exec(root)?.[1];
};

/** The start-up parameters of a sign-in the SPA would send to the reference identity provider. */
const spaQuery = (theme: string) =>
  new URLSearchParams({
    clientId: 'demo-app',
    appUrlScheme: DEMO_REDIRECT_URI,
    state: 'st-1',
    codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    codeChallengeMethod: 'S256',
    selected_entrance: 'apple',
    ssoPopup: 'true',
    theme,
  });

/** Starts an identity-provider sign-in carrying `theme`; its request token and nonce cookie. */
async function startIdentityFlow(theme: string) {
  const started = await get(`/mobile/loginDispatcher?${spaQuery(theme)}`);
  expect(started.status).toBe(302);
  return {
    request: location(started).searchParams.get('request') ?? '',
    nonce: cookieFrom(started, 'foyer_idp'),
  };
}

/** Each server-rendered page, reached with `theme` as a person would reach it. */
const PAGES: [string, (theme: string) => Response | Promise<Response>][] = [
  [
    'the unsupported-browser notice',
    (theme) => get(`/unsupported-browser?${new URLSearchParams({ theme })}`),
  ],
  [
    'the unsupported-browser notice, theme from the address it stands for',
    (theme) =>
      get(`/unsupported-browser?${new URLSearchParams({ from: `/?${new URLSearchParams({ theme })}` })}`),
  ],
  [
    "the identity provider's refusal of a bad request",
    (theme) => get(`/mobile/loginDispatcher?${new URLSearchParams({ theme })}`),
  ],
  [
    "the identity provider's sign-in page (theme carried in the signed request)",
    async (theme) => get(`/idp/sign-in?request=${(await startIdentityFlow(theme)).request}`),
  ],
  [
    "the identity provider's sign-in page shown again after a bad form",
    async (theme) => {
      const flow = await startIdentityFlow(theme);
      return postHere('/idp/sign-in', { request: flow.request, action: 'signIn', email: '' }, flow.nonce);
    },
  ],
  [
    "the identity provider's popup end",
    (theme) => get(`/idp/done?${new URLSearchParams({ outcome: 'cancelled', theme })}`),
  ],
  ['the demo app', (theme) => get(`/demo-app?${new URLSearchParams({ theme })}`)],
  ['the demo notes app', (theme) => get(`/demo-notes?${new URLSearchParams({ theme })}`)],
  ['the demo room', (theme) => get(`/demo-room?${new URLSearchParams({ theme })}`)],
  ['the development outbox', (theme) => get(`/dev/outbox?${new URLSearchParams({ theme })}`)],
];

describe.each(PAGES)('%s', (_, open) => {
  it.each([
    ['dark', 'dark'],
    ['light', 'light'],
  ])('theme=%s renders data-scheme="%s"', async (theme, scheme) => {
    const page = await (await open(theme)).text();
    expect(schemeOf(page)).toBe(scheme);
  });

  it.each([
    'auto',
    'brand-7710',
    'DARK',
    ' dark',
    'dark ',
    'light dark',
    '',
    '"><script>alert(1)</script>',
    'dark" onload="alert(1)',
  ])('theme=%j chooses nothing: the browser decides', async (theme) => {
    const page = await (await open(theme)).text();
    expect(schemeOf(page)).toBeUndefined();
    expect(page).not.toMatch(/<script>alert|\sonload=/);
  });
});

describe('a chosen scheme travels on', () => {
  it('the notice: its own theme wins over the address it stands for', async () => {
    const from = `/?${new URLSearchParams({ theme: 'dark' })}`;
    const page = await (
      await get(`/unsupported-browser?${new URLSearchParams({ from, theme: 'light' })}`)
    ).text();
    expect(schemeOf(page)).toBe('light');
  });

  it('the identity provider: a cancelled popup ends on a page of the same scheme', async () => {
    const flow = await startIdentityFlow('dark');
    const cancelled = await postHere('/idp/sign-in', { request: flow.request, action: 'cancel' }, flow.nonce);
    expect(cancelled.headers.get('location')).toBe('/idp/done?outcome=cancelled&theme=dark');
    // A refusal in a popup ends on the page that sends its opener on, in the same scheme.
    const refused = await postHere('/idp/sign-in', { request: flow.request, action: 'deny' }, flow.nonce);
    expect(schemeOf(await refused.text())).toBe('dark');
  });

  it('the demo app: the home page keeps it in its links and its form, Foyer hears it, the callback keeps it', async () => {
    const home = await (await get('/demo-app?theme=dark')).text();
    expect(home).toContain('href="/demo-app?theme=dark"');
    expect(home).toContain('href="/demo-notes?theme=dark"');
    expect(home).toContain('href="/demo-room?theme=dark"');
    expect(home).toContain('<option value="dark" selected>Dark</option>');

    const login = await get('/demo-app/login?theme=dark');
    expect(login.status).toBe(302);
    expect(location(login).searchParams.get('theme')).toBe('dark');
    // Foyer redirects back (here with an error): the page keeps the scheme the sign-in began with.
    const back = await get('/demo-app/callback?error=access_denied', cookieFrom(login, 'demo_app_session'));
    expect(schemeOf(await back.text())).toBe('dark');
  });

  it('the demo app: auto (its default) asks Foyer for nothing, so Foyer follows the browser too', async () => {
    const login = await get('/demo-app/login?theme=auto');
    expect(login.status).toBe(302);
    expect(location(login).searchParams.has('theme')).toBe(false);
    const back = await get('/demo-app/callback?error=access_denied', cookieFrom(login, 'demo_app_session'));
    expect(schemeOf(await back.text())).toBeUndefined();
  });

  it("the demo room: Start carries it, and the room's screen keeps it", async () => {
    const home = await (await get('/demo-room?theme=light')).text();
    expect(home).toContain('action="/demo-room/start?theme=light"');
    const started = await postHere('/demo-room/start?theme=light');
    expect(started.status).toBe(303);
    const room = await get('/demo-room/room', cookieFrom(started, 'demo_room_session'));
    expect(schemeOf(await room.text())).toBe('light');
  });
});
