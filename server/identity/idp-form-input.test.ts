import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestServer, GRACE, location, type TestServer } from '../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** A sign-in under way at the provider: the request token its form carries, and the nonce cookie. */
async function start() {
  const response = await server.app.request(
    '/mobile/loginDispatcher?selected_entrance=sso&clientId=demo-app',
  );
  return {
    request: location(response).searchParams.get('request') ?? '',
    nonce: cookieFrom(response, 'foyer_idp'),
  };
}

// Found by the fuzz test (docs/fuzzing.md): this form is read without the API's input checks, so an
// email holding NUL reached the account lookup, which PostgreSQL text cannot hold, and it answered 500.
describe('POST /idp/sign-in with an email holding a control character', () => {
  it.each([
    ['a NUL', `grace\u0000@example.co.uk`],
    ['a NUL at the end', `${GRACE.email}\u0000`],
    ['another control character', `grace\u0001@example.co.uk`],
    ['DEL', `grace\u007f@example.co.uk`],
  ])('asks again for the email (%s), without looking it up', async (_, email) => {
    const flow = await start();
    const logged = server.logs.length;
    const response = await server.app.request('/idp/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: flow.nonce },
      body: new URLSearchParams({ request: flow.request, action: 'signIn', email, password: 'x' }).toString(),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Enter the email and the password of the account.');
    expect(server.logs.slice(logged).filter((line) => line.includes('failed'))).toEqual([]);
  });
});
