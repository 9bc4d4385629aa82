import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parametersReply } from '../../api/contract/config.ts';
import { createTestServer, expectFailure, getJson, postJson, type TestServer } from '../testing/harness.ts';
import { FINGERPRINT_LOADER_PATH } from './fingerprint.handlers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const denied = `fp1:${'a'.repeat(64)}`;

describe('device fingerprint (spec §7 iovation)', () => {
  it('brand config names the loader only for brands that fingerprint', async () => {
    const config = async (brandId: string) =>
      parametersReply.parse(
        await (await getJson(server.app, '/api/config/parameters', { brandId, clientId: 'demo-app' })).json(),
      ).data;
    expect(await config('3710')).toMatchObject({
      iovationEnabled: true,
      iovationScriptUrl: FINGERPRINT_LOADER_PATH,
    });
    const plain = await config('1210');
    expect(plain.iovationEnabled).toBe(false);
    expect(plain.iovationScriptUrl).toBeUndefined();
  });

  it('serves the loader as same-origin JavaScript that fills #ioBlackBox', async () => {
    const response = await server.app.request(FINGERPRINT_LOADER_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await response.text()).toContain("'ioBlackBox'");
  });

  it('login-info refuses a denied fingerprint with 307 and accepts any other', async () => {
    const app = server.appWith({ deniedFingerprints: [denied] });
    const body = { username: 'ada@example.com', brandId: '3710' };
    expect(
      await expectFailure(await postJson(app, '/api/login-info', { ...body, f: denied }), 403),
    ).toMatchObject({
      code: 307,
    });
    const accepted = await postJson(app, '/api/login-info', { ...body, f: `fp1:${'b'.repeat(64)}` });
    expect(accepted.status).toBe(200);
  });

  it('an overlong fingerprint is a 400, not a 500', async () => {
    const response = await postJson(server.app, '/api/login-info', {
      username: 'ada@example.com',
      f: 'x'.repeat(5000),
    });
    expect(await expectFailure(response, 400)).toMatchObject({ code: 400 });
  });
});
