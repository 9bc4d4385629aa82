import { Hono } from 'hono';
import { Secret, TOTP as Totp } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID, TOTP_DEMO_EMAIL, TOTP_DEMO_SECRET } from '../db/seed-data.ts';
import { ADA, createTestServer, DEMO_REDIRECT_URI, ORIGIN, type TestServer } from '../testing/harness.ts';
import { formatReport, runContractCheck } from './check.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 60_000);
afterAll(() => server.close());

const totpNow = () =>
  new Totp({
    secret: Secret.fromBase32(TOTP_DEMO_SECRET),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate();
const options = {
  origin: ORIGIN,
  clientId: DEMO_CLIENT_ID,
  redirectUri: DEMO_REDIRECT_URI,
  scope: 'openid',
  password: ADA.password,
  secondFactorCode: async () => totpNow(),
};
const inProcess = (app: { request: (input: Request) => Response | Promise<Response> }): typeof fetch => {
  return async (input, init) => app.request(new Request(input, init));
};

describe('contract:check against Foyer', () => {
  it('signs in with a password and an authenticator code, every reply as the contract says', async () => {
    const results = await runContractCheck({
      ...options,
      username: TOTP_DEMO_EMAIL,
      fetch: inProcess(server.app),
    });
    const report = formatReport(ORIGIN, results);
    expect(report.text.split('\n')).toEqual([
      `contract:check ${ORIGIN}`,
      'ok   GET /api/config/parameters → 200',
      'ok   POST /api/login-info → 200',
      'ok   POST /api/login → 200',
      expect.stringMatching(/^ok {3}POST \/api\/post-authn\/generate-code → 403 \(refused: 306 .+\)$/),
      'ok   GET /api/two-factor/mfa-settings → 200',
      'ok   POST /api/two-factor/verify-code → 200',
      'ok   POST /api/post-authn/generate-code → 200',
      '7 calls, all as the contract says; the sign-in ended with an authorisation code.',
    ]);
    expect(report.passed).toBe(true);
  });

  it('fails on a wrong second-factor code: the refusal keeps the contract, the sign-in stops', async () => {
    const results = await runContractCheck({
      ...options,
      username: TOTP_DEMO_EMAIL,
      secondFactorCode: async () => String((Number(totpNow()) + 500_000) % 1_000_000).padStart(6, '0'),
      fetch: inProcess(server.app),
    });
    const last = results.at(-1);
    expect(last).toMatchObject({ call: 'POST /api/two-factor/verify-code', breaks: [], passed: false });
    expect(formatReport(ORIGIN, results).passed).toBe(false);
  });
});

describe('contract:check against a backend that breaks the contract', () => {
  it('names the call and the field at fault, with zod’s path', async () => {
    // A stand-in that answers as Foyer does but for the login, whose account id is a number.
    const brokenLogin = {
      status: { success: true, code: 0, errorParameters: {} },
      data: { brandId: '1210', accountId: 42, extensionId: '101' },
    };
    const standIn = new Hono()
      .post('/api/login', (c) => c.json(brokenLogin))
      .all('*', (c) => server.app.request(c.req.raw));
    const results = await runContractCheck({ ...options, username: ADA.email, fetch: inProcess(standIn) });
    const report = formatReport('https://api.example', results);
    expect(report.text).toBe(
      [
        'contract:check https://api.example',
        'ok   GET /api/config/parameters → 200',
        'ok   POST /api/login-info → 200',
        'FAIL POST /api/login → 200',
        '       data.accountId: Invalid input: expected string, received number',
        '1 contract break(s) in 3 calls; the sign-in did not reach an authorisation code.',
      ].join('\n'),
    );
    expect(report.passed).toBe(false);
  });

  it('reports a refusal whose backend code the contract does not list', async () => {
    const standIn = new Hono().all('*', (c) =>
      c.json({ status: { success: false, code: 9999, errorParameters: {}, backendMessage: 'nope' } }, 500),
    );
    const results = await runContractCheck({ ...options, username: ADA.email, fetch: inProcess(standIn) });
    expect(results).toEqual([
      {
        call: 'GET /api/config/parameters',
        status: 500,
        breaks: ['status.code: 9999 is not a documented backend code'],
        passed: false,
        note: 'refused: 9999 nope',
      },
    ]);
  });
});
