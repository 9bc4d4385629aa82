// POST /api/login once the request is admitted: account states (spec §4, §8) and the lockout.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginInfoReply } from '../../api/contract/auth.ts';
import { rateLimits } from '../db/schema.ts';
import {
  ADA,
  createTestServer,
  expectFailure,
  GRACE,
  postJson,
  type TestServer,
} from '../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());
afterEach(async () => {
  vi.useRealTimers();
  // Each test starts with no failures counted.
  await server.db.delete(rateLimits);
});

const login = (username: string, password = ADA.password, extra: Record<string, unknown> = {}) =>
  postJson(server.app, '/api/login', { username, password, ...extra });
const WRONG = 'Wrong-Password-1';
const MINUTE = 60_000;

async function failTimes(times: number, username = ADA.email) {
  for (let attempt = 1; attempt <= times; attempt += 1) {
    expect(await expectFailure(await login(username, WRONG), 401)).toMatchObject({ code: 108 });
  }
}

// The spec §8 code each seeded demo account answers with once its password is right.
const STATES: [string, number, Record<string, string>][] = [
  ['notconfirmed', 361, {}],
  ['notactivated', 371, {}],
  ['locked', 374, {}],
  ['disabled', 362, {}],
  ['extdisabled', 372, {}],
  ['extfrozen', 373, {}],
  ['suspended', 363, {}],
  ['suspendedadmin', 363, { admin: 'true', reason: 'card' }],
  ['trialexpired', 364, {}],
  ['trialexpiredadmin', 364, { admin: 'true' }],
  ['upgrade', 351, {}],
  ['ivn', 354, {}],
  ['sso', 316, {}],
  ['ssoonly', 508, {}],
];

describe('POST /api/login for accounts that may not sign in', () => {
  it.each(STATES)('%s@example.com gets %i with HTTP 403 and no session', async (name, code, parameters) => {
    const response = await login(`${name}@example.com`);
    expect(response.headers.getSetCookie()).toEqual([]);
    const status = await expectFailure(response, 403);
    expect(status).toMatchObject({ success: false, code });
    expect(status.errorParameters).toEqual(parameters);
    expect(status.backendMessage.length).toBeGreaterThan(0);
  });

  it.each(STATES)('%s@example.com with a wrong password gets LOGIN_FAILED, not its state', async (name) => {
    const status = await expectFailure(await login(`${name}@example.com`, WRONG), 401);
    expect(status).toMatchObject({ code: 108, errorParameters: {} });
  });

  it('refuses the international virtual number by phone as well', async () => {
    const response = await postJson(server.app, '/api/login', {
      username: '+44 20 7946 0142',
      password: ADA.password,
      brandId: '1210',
    });
    expect(await expectFailure(response, 403)).toMatchObject({ code: 354 });
  });
});

describe('POST /api/login-info for those accounts', () => {
  it.each([
    ['sso', 'sso'],
    ['ssoonly', 'sso'],
    ['suspended', 'password'],
    ['locked', 'password'],
    ['ivn', 'password'],
  ])('%s@example.com signs in by %s, and its state is not revealed', async (name, loginType) => {
    const response = await postJson(server.app, '/api/login-info', { username: `${name}@example.com` });
    expect(response.status).toBe(200);
    expect(loginInfoReply.parse(await response.json()).data).toEqual({ brandId: '1210', loginType });
  });
});

describe('consecutive wrong passwords', () => {
  it('lock the account on the fifth, for 15 minutes, even for the right password', async () => {
    await failTimes(4);
    const started = Date.now();
    const fifth = await login(ADA.email, WRONG);
    const rayId = fifth.headers.get('x-ray-id');
    const status = await expectFailure(fifth, 403);
    expect(status.code).toBe(374);
    const lockedUntil = Date.parse(status.errorParameters.lockedUntil ?? '');
    expect(lockedUntil - started).toBeGreaterThanOrEqual(15 * MINUTE - 1000);
    expect(lockedUntil - Date.now()).toBeLessThanOrEqual(15 * MINUTE);
    // …and how long that is from now, so the page can say it without trusting the browser's clock.
    expect(Number(status.errorParameters.retryAfterSeconds)).toBeGreaterThan(15 * 60 - 5);
    expect(Number(status.errorParameters.retryAfterSeconds)).toBeLessThanOrEqual(15 * 60);

    const right = await login(ADA.email, ADA.password);
    expect(right.headers.getSetCookie()).toEqual([]);
    const again = await expectFailure(right, 403);
    expect(again).toMatchObject({ code: 374 });
    expect(Math.abs(Date.parse(again.errorParameters.lockedUntil ?? '') - lockedUntil)).toBeLessThan(1000);
    expect(Number(again.errorParameters.retryAfterSeconds)).toBeLessThanOrEqual(15 * 60);

    // The lockout is logged once, with its ray id and without the username or the password.
    expect(rayId).toMatch(/^[0-9a-f]{16}$/);
    const lines = server.logs.filter((line) => line.startsWith('lockout:'));
    expect(lines).toEqual([expect.stringMatching(new RegExp(`locked until .* ray ${rayId}$`))]);
    expect(server.logs.join('\n')).not.toMatch(/ada@example\.com|Wrong-Password|Violet-Harbor/);
  });

  it('count the account, whichever credential names it', async () => {
    await failTimes(2);
    const byPhone = { extension: ADA.extension };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(await expectFailure(await login(ADA.phone, WRONG, byPhone), 401)).toMatchObject({ code: 108 });
    }
    expect(await expectFailure(await login(ADA.phone, WRONG, byPhone), 403)).toMatchObject({ code: 374 });
    expect(await expectFailure(await login(ADA.email, ADA.password), 403)).toMatchObject({ code: 374 });
  });

  it('let the right password in again once the 15 minutes are over', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    await failTimes(4);
    expect(await expectFailure(await login(ADA.email, WRONG), 403)).toMatchObject({ code: 374 });
    vi.setSystemTime(Date.now() + 14 * MINUTE);
    expect(await expectFailure(await login(ADA.email, ADA.password), 403)).toMatchObject({ code: 374 });
    vi.setSystemTime(Date.now() + 1 * MINUTE + 1000);
    expect((await login(ADA.email, ADA.password)).status).toBe(200);
  });

  it('start again from zero after a success', async () => {
    await failTimes(4);
    expect((await login(ADA.email, ADA.password)).status).toBe(200);
    await failTimes(4);
    expect((await login(ADA.email, ADA.password)).status).toBe(200);
  });

  it('are counted per account', async () => {
    await failTimes(4);
    await failTimes(4, GRACE.email);
    expect((await login(GRACE.email, GRACE.password)).status).toBe(200);
    expect((await login(ADA.email, ADA.password)).status).toBe(200);
  });

  it('lock an unknown account the same way, so a lockout does not reveal which accounts exist', async () => {
    await failTimes(4, 'nobody@example.com');
    const status = await expectFailure(await login('nobody@example.com', WRONG), 403);
    expect(status.code).toBe(374);
    expect(status.errorParameters.lockedUntil).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});
