import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactInfoReply, mfaSettingsReply } from '../../api/contract/twoFactor.ts';
import { cookieJar, createTestServer, type TestServer } from '../testing/harness.ts';
import { signedIn, statusOf, twoFactorCalls } from './two-factor.testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const settingsOf = async (name: string) => {
  const { jar } = await signedIn(server.app, name);
  const response = await twoFactorCalls(server.app, jar).settings();
  expect(response.status).toBe(200);
  return mfaSettingsReply.parse(await response.json()).data;
};
const contactsOf = async (name: string) => {
  const { jar } = await signedIn(server.app, name);
  const response = await twoFactorCalls(server.app, jar).contacts();
  expect(response.status).toBe(200);
  const text = await response.text();
  return { contacts: contactInfoReply.parse(JSON.parse(text)).data.contacts, text };
};

describe('GET /api/two-factor/mfa-settings', () => {
  const defaults = { trustedDeviceDays: 30, resendAfterSeconds: 30 };

  it('says what each demo account asks for', async () => {
    expect(await settingsOf('mfa')).toEqual({ required: true, authenticatorRequired: false, ...defaults });
    expect(await settingsOf('nocall')).toEqual({ required: true, authenticatorRequired: false, ...defaults });
    // An enrolled authenticator is the user's own choice: not required, but asked for.
    expect(await settingsOf('totp')).toEqual({
      required: false,
      authenticatorRequired: false,
      secondFactorType: 'TOTP',
      ...defaults,
    });
    expect(await settingsOf('totpsetup')).toEqual({
      required: true,
      authenticatorRequired: true,
      ...defaults,
    });
  });

  it('follows the settings the server is given (0 days: no trusted-device option)', async () => {
    const app = server.appWith({ twoFactor: { settings: { trustedDeviceDays: 0, resendAfterSeconds: 45 } } });
    const { jar } = await signedIn(app, 'mfa');
    const { data } = mfaSettingsReply.parse(await (await twoFactorCalls(app, jar).settings()).json());
    expect(data).toMatchObject({ trustedDeviceDays: 0, resendAfterSeconds: 45 });
  });
});

describe('GET /api/two-factor/contact-info', () => {
  it('lists the phone for a call and a text message, and the email, masked by spec §5', async () => {
    const { contacts, text } = await contactsOf('mfa');
    expect(contacts).toEqual([
      { contactBy: 'Phone', masked: '******0142' },
      { contactBy: 'Sms', masked: '******0142' },
      { contactBy: 'Email', masked: 'm***a@e***e.com' },
    ]);
    // Never the full contact, in any form.
    expect(text).not.toContain('5550142');
    expect(text).not.toContain('mfa@example.com');
  });

  it('lists only what the account has', async () => {
    expect((await contactsOf('totp')).contacts).toEqual([{ contactBy: 'Email', masked: 't***p@e***e.com' }]);
  });

  it('lists the phone of an account whose calls are unavailable (choosing a call answers 321)', async () => {
    const { contacts } = await contactsOf('nocall');
    expect(contacts.map((contact) => contact.contactBy)).toEqual(['Phone', 'Sms', 'Email']);
  });
});

describe('the session the calls act for', () => {
  it('is the one named by sessionId among the browser’s, else the most recent sign-in', async () => {
    const jar = cookieJar();
    const first = await signedIn(server.app, 'mfa', jar);
    await signedIn(server.app, 'totp', jar);
    const calls = twoFactorCalls(server.app, jar);
    const mostRecent = mfaSettingsReply.parse(await (await calls.settings()).json()).data;
    expect(mostRecent.secondFactorType).toBe('TOTP');
    const named = mfaSettingsReply.parse(await (await calls.settings(first.sessionId)).json()).data;
    expect(named).toMatchObject({ required: true, authenticatorRequired: false });
    expect(named.secondFactorType).toBeUndefined();
  });

  it('answers 221 to every call without a session, or with an id not signed in here', async () => {
    const calls = twoFactorCalls(server.app, cookieJar());
    const answers = [
      await calls.settings(),
      await calls.contacts(),
      await calls.offerTotp(),
      await calls.enrolTotp('123456'),
      await calls.send('Email'),
      await calls.verify('Email', '123456'),
    ];
    for (const answer of answers) expect(await statusOf(answer)).toMatchObject({ http: 401, code: 221 });

    const { jar } = await signedIn(server.app, 'mfa');
    const stranger = await twoFactorCalls(server.app, jar).settings('0123456789abcdef');
    expect(await statusOf(stranger)).toMatchObject({ http: 401, code: 221 });
  });

  it('refuses a malformed body with 400 naming the field', async () => {
    const { jar } = await signedIn(server.app, 'mfa');
    const status = await statusOf(await twoFactorCalls(server.app, jar).send('Fax'));
    expect(status).toMatchObject({ http: 400, code: 400 });
    expect(status.backendMessage).toMatch(/^contactBy: /);
  });
});
