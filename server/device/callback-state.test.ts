import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, location, ORIGIN, type TestServer } from '../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const FAILED = `${ORIGIN}/?clientId=foyer-web&brandId=7310#/roomNotActivated/failed`;

// Found by the fuzz test (docs/fuzzing.md): a state holding NUL reached the grant lookup, which
// PostgreSQL text cannot hold, and the callback answered 500.
describe('GET /device/callback with a state this server never issues', () => {
  it.each([
    ['a NUL', 'a\u0000b'],
    ['only a NUL', '\u0000'],
    ['a control character', 'state\u0001'],
    ['other punctuation', '~X"&v<T'],
    ['too long to be ours', 'a'.repeat(129)],
  ])('answers the failed page for %s, without looking it up', async (_, state) => {
    const logged = server.logs.length;
    const response = await server.app.request(
      `/device/callback?${new URLSearchParams({ state, code: 'x' })}`,
    );
    expect(location(response).href).toBe(FAILED);
    expect(server.logs.slice(logged).filter((line) => line.includes('failed'))).toEqual([]);
  });
});
