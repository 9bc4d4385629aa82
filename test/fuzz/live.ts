import { emailedLink } from '../../server/account/account.testing.ts';
import type { App } from '../../server/app.ts';
import { DEMO_CLIENT_ID, DEMO_ROOM_CLIENT_ID } from '../../server/db/seed-data.ts';
import {
  cookieJar,
  DEMO_REDIRECT_URI,
  exchange,
  GRACE,
  ORIGIN,
  obtainCode,
  postForm,
  postJson,
  signInWith,
  type Tokens,
} from '../../server/testing/harness.ts';
import { CURRENT_SESSION, seededHints } from './hints.ts';
import type { SignedInBrowser } from './server.ts';

type Example = Record<string, unknown>;

/**
 * Live values only this server can give, as hints and as whole examples: an authorisation code with its
 * verifier, tokens, emailed link tokens, a room's user code, the identity provider's request. Each works
 * once or a few times before a fuzzed request spends it; that is enough to take the paths behind them.
 */
export async function liveInputs(app: App, browsers: readonly SignedInBrowser[]) {
  const [browser, emergency] = browsers as [SignedInBrowser, SignedInBrowser];
  // Codes and tokens for another account: the signed-in browser's is signed out everywhere now and then,
  // which revokes what apps hold for it.
  const other = cookieJar();
  await signInWith(app, other, GRACE);
  const { code, verifier } = await obtainCode(app, other.header);
  const issued = await obtainCode(app, other.header);
  const tokens = (await (await exchange(app, issued.code, issued.verifier)).json()) as Tokens;
  const [recovery, express] = [
    await emailedToken(app, 'email-recovery-link', 'createPassword'),
    await emailedToken(app, 'email-express-link', 'expressLink'),
  ];
  const userCode = await roomUserCode(app);
  const locations = await emergencyLocationIds(app, emergency);
  const request = browser.identityRequest;

  const hints = seededHints();
  const live: Record<string, readonly unknown[]> = {
    sessionId: [CURRENT_SESSION],
    request: [request],
    code: [code],
    code_verifier: [verifier],
    refresh_token: [tokens.refresh_token],
    token: [tokens.access_token, tokens.refresh_token, recovery, express],
    id_token_hint: [tokens.access_token],
    userCode: [userCode, 'BCDF-GHJK'],
    user_code: [userCode, 'bcdfghjk'],
    locationId: [...locations, '999999'],
    replaceLocationId: locations,
    replacementLocationId: locations,
    emergencyLocationId: locations,
  };
  for (const [name, values] of Object.entries(live)) hints.set(name, values);

  const spa = { clientId: DEMO_CLIENT_ID };
  const examples = new Map<string, Example[]>([
    [
      'POST /oauth/token',
      [
        {
          grant_type: 'authorization_code',
          client_id: DEMO_CLIENT_ID,
          code,
          redirect_uri: DEMO_REDIRECT_URI,
          code_verifier: verifier,
        },
        { grant_type: 'refresh_token', client_id: DEMO_CLIENT_ID, refresh_token: tokens.refresh_token },
      ],
    ],
    ['POST /oauth/revoke', [{ client_id: DEMO_CLIENT_ID, token: tokens.refresh_token }]],
    [
      'GET /oauth/logout',
      [
        {
          client_id: DEMO_CLIENT_ID,
          id_token_hint: tokens.access_token,
          post_logout_redirect_uri: `${ORIGIN}/demo-app/signed-out`,
          state: 's',
        },
      ],
    ],
    [
      'POST /idp/sign-in',
      [
        { request, action: 'signIn', email: GRACE.email, password: 'not-her-password' },
        { request, action: 'deny', appleEmail: 'hide' },
      ],
    ],
    ['POST /api/account/reset-password-info', [{ ...spa, token: recovery }]],
    ['POST /api/account/reset-password', [{ ...spa, token: recovery, password: 'Copper-Lantern-58' }]],
    ['POST /api/account/login-with-express-link', [{ ...spa, token: express }]],
    ['POST /api/device/verify', [{ ...spa, userCode }]],
    ['GET /device', [{ user_code: userCode }]],
  ]);
  return { hints, examples };
}

/** Links go to a third account: a fuzzed reset with its token may well set a new password. */
const LINKS_TO = 'options@example.com';

async function emailedToken(app: App, call: string, route: string): Promise<string> {
  await postJson(app, `/api/account/${call}`, { credential: LINKS_TO, localeId: 'en_US' });
  return (await emailedLink(app, LINKS_TO, route)).token;
}

/** The emergency account's locations, as its browser lists them. */
async function emergencyLocationIds(app: App, browser: SignedInBrowser): Promise<string[]> {
  const response = await app.request(`/api/account/list-emergency-locations?clientId=${DEMO_CLIENT_ID}`, {
    headers: { cookie: await browser.cookie() },
  });
  const reply = (await response.json()) as { data?: { records: { locationId: string }[] } };
  return (reply.data?.records ?? []).map((record) => record.locationId);
}

async function roomUserCode(app: App): Promise<string> {
  const response = await postForm(app, '/oauth/device_authorization', { client_id: DEMO_ROOM_CLIENT_ID });
  const { user_code: userCode } = (await response.json()) as { user_code: string };
  return userCode;
}
