import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, expectFailure, postJson, type TestServer } from '../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** A JSON body as a client may write it by hand: `\ud800` escapes put lone surrogates in its strings. */
const postRaw = (path: string, json: string) =>
  server.app.request(`${path}?clientId=demo-app`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: json,
  });

// Found by the fuzz test (docs/fuzzing.md): two low surrogates in a row in a credential reached the
// account lookup, PGlite refused the text ("invalid byte sequence for encoding UTF8"), and it answered 500.
describe('strings that are not well-formed Unicode', () => {
  it.each([
    [
      '/api/account/resend-confirmation',
      '"credential":"`.:y#<>\\udf88\\ude9d7A\\udc06","localeId":"en_US"',
      'credential',
    ],
    ['/api/account/lookup-credential', '"credential":"a\\udf88\\ude9db"', 'credential'],
    ['/api/login-info', '"username":"\\ud800@example.com"', 'username'],
    ['/api/number/parse', '"numbers":["+1650555\\udc000100"]', 'numbers.0'],
  ])('%s answers 400 naming the field', async (path, fields, field) => {
    const logged = server.logs.length;
    const status = await expectFailure(await postRaw(path, `{"clientId":"demo-app",${fields}}`), 400);
    expect(status.backendMessage).toBe(`${field}: must be well-formed Unicode text`);
    expect(server.logs.slice(logged).filter((line) => line.includes('failed'))).toEqual([]);
  });

  it('leave well-formed text alone, astral characters included', async () => {
    const status = await expectFailure(
      await postJson(server.app, '/api/login-info', { username: '😀@example.com' }),
      404,
    );
    expect(status.code).toBe(304);
  });

  it('leave passwords alone: they are only ever hashed', async () => {
    const response = await postRaw(
      '/api/login',
      '{"clientId":"demo-app","username":"grace@example.co.uk","password":"Quartz\\ud800"}',
    );
    expect(response.status).toBe(401);
  });
});
