import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { retiredAppReply } from '../../api/contract/notices.ts';
import { startupParamsSchema } from '../../api/contract/startup.ts';
import { clients } from '../db/schema.ts';
import { RETIRED_CLIENT_ID, RETIRED_REDIRECT_PATH } from '../db/seed-notices.ts';
import { INVALID_REDIRECT_PAGE } from '../oauth/authorize.handlers.ts';
import {
  ADA,
  cookieJar,
  createTestServer,
  expectFailure,
  getJson,
  ORIGIN,
  obtainCode,
  postForm,
  signIn,
  signInWith,
  type TestServer,
  type Tokens,
} from '../testing/harness.ts';
import { requestCode } from '../two-factor/two-factor.testing.ts';
import { authorize } from './notices.testing.ts';
import { isRetired, retiredAppOf } from './retired.service.ts';

// A retired app (216, docs/notices.md "Server"): no sign-in, no code, no token.

const REDIRECT = `${ORIGIN}${RETIRED_REDIRECT_PATH}`;

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
});
afterEach(() => server.close());

const retire = (on: string | null) =>
  server.db.update(clients).set({ retiredOn: on }).where(eq(clients.id, RETIRED_CLIENT_ID));

const retiredCodeRequest = (jar: ReturnType<typeof cookieJar>) =>
  requestCode(server.app, jar, { clientId: RETIRED_CLIENT_ID, appUrlScheme: REDIRECT });

describe('/oauth/authorize for a retired app', () => {
  it('starts no sign-in: the SPA gets its start-up query with errorCode=216', async () => {
    const { status, location } = await authorize(server.app, {
      client_id: RETIRED_CLIENT_ID,
      redirect_uri: REDIRECT,
      localeId: 'en_GB',
    });
    expect(status).toBe(302);
    expect(location.pathname).toBe('/');
    const query = Object.fromEntries(location.searchParams);
    expect(query).toMatchObject({
      clientId: RETIRED_CLIENT_ID,
      appUrlScheme: REDIRECT,
      errorCode: '216',
      state: 'st-notice',
      localeId: 'en_GB',
    });
    expect(query.force).toBeUndefined();
    expect(startupParamsSchema.safeParse(query).success).toBe(true);
  });

  it('the same with a signed-in browser: no code is issued on its behalf', async () => {
    const cookie = await signIn(server.app, ADA);
    const { location } = await authorize(
      server.app,
      { client_id: RETIRED_CLIENT_ID, redirect_uri: REDIRECT },
      cookie,
    );
    expect(location.searchParams.get('errorCode')).toBe('216');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('prompt=none sends the app unauthorized_client with its state', async () => {
    const cookie = await signIn(server.app, ADA);
    const { location } = await authorize(
      server.app,
      { client_id: RETIRED_CLIENT_ID, redirect_uri: REDIRECT, prompt: 'none' },
      cookie,
    );
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('error')).toBe('unauthorized_client');
    expect(location.searchParams.get('state')).toBe('st-notice');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('an unregistered redirect URI is still never redirected to', async () => {
    const { location } = await authorize(server.app, {
      client_id: RETIRED_CLIENT_ID,
      redirect_uri: `${ORIGIN}/demo-app/callback`,
    });
    expect(`${location.pathname}${location.search}`).toBe(INVALID_REDIRECT_PAGE);
  });

  it('a retirement still to come changes nothing yet', async () => {
    await retire('2999-01-01');
    const { location } = await authorize(server.app, {
      client_id: RETIRED_CLIENT_ID,
      redirect_uri: REDIRECT,
    });
    expect(location.searchParams.get('errorCode')).toBeNull();
    expect(location.searchParams.get('force')).toBe('true');
  });
});

describe('generate-code for a retired app', () => {
  it('216, even for a signed-in user with nothing else to do', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar, ADA);
    const refused = await expectFailure(await retiredCodeRequest(jar), 403);
    expect(refused.code).toBe(216);
    expect(refused.backendMessage).toContain('Foyer Classic');
  });

  it('in service again, it gets its code', async () => {
    await retire(null);
    const jar = cookieJar();
    await signInWith(server.app, jar, ADA);
    expect((await retiredCodeRequest(jar)).status).toBe(200);
  });
});

describe('GET /api/config/retired-app', () => {
  const retiredApp = (query: Record<string, string>) => getJson(server.app, '/api/config/retired-app', query);

  it('names the replacement, where to get it and when the app was retired', async () => {
    const response = await retiredApp({ clientId: RETIRED_CLIENT_ID, localeId: 'en_US' });
    expect(response.status).toBe(200);
    expect(retiredAppReply.parse(await response.json()).data).toEqual({
      appName: 'Foyer Classic',
      retired: true,
      replacementName: 'Demo Notes',
      appStoreUrl: 'https://apps.example.com/app/demo-notes',
      downloadUrl: 'https://downloads.example.com/demo-notes/latest',
      retiredOn: '2026-06-30',
    });
  });

  it('retired false for an app in service (no session needed: the page loads before any sign-in)', async () => {
    const data = retiredAppReply.parse(await (await retiredApp({ clientId: 'demo-app' })).json()).data;
    expect(data).toEqual({ appName: 'Demo Partner App', retired: false });
  });

  it('an unknown client is the invalid-redirect error; a bad query is refused by name', async () => {
    expect((await expectFailure(await retiredApp({ clientId: 'no-such-app' }), 400)).code).toBe(208);
    expect((await expectFailure(await retiredApp({}), 400)).backendMessage).toContain('clientId');
    const badLocale = await retiredApp({ clientId: RETIRED_CLIENT_ID, localeId: '../../etc' });
    expect((await expectFailure(badLocale, 400)).backendMessage).toContain('localeId');
  });
});

describe('the token endpoint and a retired app', () => {
  const inService = async () => {
    await retire(null);
    const cookie = await signIn(server.app, ADA);
    return obtainCode(server.app, cookie, {
      clientId: RETIRED_CLIENT_ID,
      appUrlScheme: REDIRECT,
      scope: 'ReadAccounts',
    });
  };
  const exchangeRetired = (code: string, verifier: string) =>
    postForm(server.app, '/oauth/token', {
      grant_type: 'authorization_code',
      client_id: RETIRED_CLIENT_ID,
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });

  it('refuses a code issued before the retirement (invalid_grant)', async () => {
    const { code, verifier } = await inService();
    await retire('2026-06-30');
    const refused = await exchangeRetired(code, verifier);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 'invalid_grant',
      error_description: expect.stringContaining('retired'),
    });
  });

  it('refuses to refresh tokens issued before the retirement; revoking them still works', async () => {
    const { code, verifier } = await inService();
    const tokens = (await (await exchangeRetired(code, verifier)).json()) as Tokens;
    expect(tokens.refresh_token).toBeTruthy();
    await retire('2026-06-30');
    const refused = await postForm(server.app, '/oauth/token', {
      grant_type: 'refresh_token',
      client_id: RETIRED_CLIENT_ID,
      refresh_token: tokens.refresh_token,
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_grant');
    const revoked = await postForm(server.app, '/oauth/revoke', {
      client_id: RETIRED_CLIENT_ID,
      token: tokens.refresh_token,
    });
    expect(revoked.status).toBe(200);
  });
});

describe('retirement by date', () => {
  it('is in force from its day on (UTC)', async () => {
    const [client] = await server.db.select().from(clients).where(eq(clients.id, RETIRED_CLIENT_ID));
    if (!client) throw new Error('retired-app was not seeded');
    const on = { ...client, retiredOn: '2026-06-30' };
    expect(isRetired(on, new Date('2026-06-29T23:59:59Z'))).toBe(false);
    expect(isRetired(on, new Date('2026-06-30T00:00:00Z'))).toBe(true);
    expect(retiredAppOf(on, new Date('2026-06-29T12:00:00Z'))).toEqual({
      appName: 'Foyer Classic',
      retired: false,
    });
  });
});
