import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../api/client.ts';
import type { ApiError } from '../../api/errors.ts';
import { createPasskeysEndpoints } from '../../api/passkeysEndpoints.ts';
import { cookieJar, createTestServer, ORIGIN, type TestServer } from '../testing/harness.ts';
import { softAuthenticator } from '../testing/soft-authenticator.ts';
import { signedInAs } from './passkeys.testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** The SPA's client functions against the real server, in one browser: every reply parses by its schema. */
function endpointsIn(jar: ReturnType<typeof cookieJar>) {
  const fetchInProcess: typeof fetch = async (input, init) => {
    // ky hands GETs over as a Request, POSTs (api/client.ts buffers their bodies) as a URL and init.
    const request = new Request(input instanceof Request ? input : String(input), init);
    if (jar.header) request.headers.set('cookie', jar.header);
    return jar.absorb(await server.app.request(request));
  };
  return createPasskeysEndpoints(
    createApiClient({ baseUrl: ORIGIN, clientId: 'demo-app', fetch: fetchInProcess }),
  );
}

describe('api/passkeysEndpoints.ts', () => {
  it('registers, lists, signs in with, dismisses and removes a passkey', async () => {
    const jar = cookieJar();
    const { sessionId } = await signedInAs(server.app, 'ada@example.com', jar);
    const calls = endpointsIn(jar);
    const authenticator = softAuthenticator(ORIGIN);

    expect(await calls.listPasskeys({ sessionId })).toEqual({ allowed: true, offer: 'show', passkeys: [] });
    const creation = await calls.getRegistrationOptions({ sessionId, platform: true });
    expect(creation.options.authenticatorSelection.authenticatorAttachment).toBe('platform');
    const passkey = await calls.register({
      sessionId,
      challengeId: creation.challengeId,
      credential: authenticator.register(creation.options),
      name: 'Laptop',
    });
    expect(passkey).toMatchObject({ name: 'Laptop', needsReenrolment: false });
    expect((await calls.listPasskeys({ sessionId })).passkeys).toEqual([passkey]);

    const fresh = endpointsIn(cookieJar());
    const request = await fresh.getAuthenticationOptions({ loginId: 'ada@example.com' });
    expect(request.options.allowCredentials).toHaveLength(1);
    const signedIn = await fresh.authenticate({
      challengeId: request.challengeId,
      credential: authenticator.authenticate(request.options),
    });
    expect(signedIn).toMatchObject({ brandId: '1210', displayName: 'Ada Fairweather' });

    expect(await calls.dismissOffer({ sessionId })).toEqual({ dismissed: true });
    const after = await calls.removePasskey({ sessionId, passkeyId: passkey.id });
    expect(after).toEqual({ allowed: true, offer: 'none', passkeys: [] });
  });

  it('turns a refusal into API_ERROR_<code>', async () => {
    const calls = endpointsIn(cookieJar());
    const request = await calls.getAuthenticationOptions({});
    const stranger = softAuthenticator(ORIGIN);
    stranger.register({ challenge: 'AAAA', rp: { id: 'localhost' }, user: { id: 'AAAA' } });
    const error = await calls
      .authenticate({ challengeId: request.challengeId, credential: stranger.authenticate(request.options) })
      .catch((caught: ApiError) => caught);
    expect(error).toMatchObject({ code: 'API_ERROR_751', httpStatus: 401 });
  });
});
