import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceWithPasskey, passkeySignIn } from '../passkeys/passkeys.testing.ts';
import { cookieJar, createTestServer, type TestServer } from '../testing/harness.ts';
import { relyingParty } from '../testing/oidc-rp.ts';
import { latestCode, signedIn, twoFactorCalls } from '../two-factor/two-factor.testing.ts';

// How a sign-in was proved, as the ID token states it (amr, RFC 8176; acr): docs/openid-connect.md.

let server: TestServer;
let rp: ReturnType<typeof relyingParty>;
beforeAll(async () => {
  server = await createTestServer();
  rp = relyingParty(server);
}, 30_000);
afterAll(() => server.close());

describe('amr and acr in the ID token', () => {
  it('a password and a code by text message: pwd, sms, mfa at level 2', async () => {
    const { jar } = await signedIn(server.app, 'mfa');
    const calls = twoFactorCalls(server.app, jar);
    expect((await calls.send('Sms')).status).toBe(200);
    const code = await latestCode(server.app, '+16505550142');
    expect((await calls.verify('Sms', code)).status).toBe(200);
    const { claims } = await rp.signIn(jar);
    expect(claims).toMatchObject({ amr: ['pwd', 'sms', 'mfa'], acr: 'urn:foyer:acr:2' });
  });

  it('a passkey: hwk and user (and mfa) at level 2, with no password', async () => {
    const { device } = await deviceWithPasskey(server.app, 'ada@example.com');
    expect((await passkeySignIn(server.app, device)).status).toBe(200);
    const { claims } = await rp.signIn(device.jar);
    expect(claims).toMatchObject({ amr: ['hwk', 'user', 'mfa'], acr: 'urn:foyer:acr:2' });
  });

  it('a password alone: pwd at level 1', async () => {
    const jar = cookieJar();
    const first = await rp.signIn(jar);
    expect(first.claims).toMatchObject({ amr: ['pwd'], acr: 'urn:foyer:acr:1' });
  });
});
