import { expect } from 'vitest';
import {
  authenticationOptionsReply,
  passkeysReply,
  registrationOptionsReply,
  registrationReply,
} from '../../api/contract/passkeys.ts';
import type { App } from '../app.ts';
import { STATE_DEMO_PASSWORD } from '../db/seed-data.ts';
import { type CookieJar, cookieJar, ORIGIN, signInWith } from '../testing/harness.ts';
import { type SoftAuthenticator, softAuthenticator, type Tampering } from '../testing/soft-authenticator.ts';

/** Test support for the passkey suites (not a test): the calls as the SPA makes them, in one browser. */

export const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export const demoUser = (name: string) => ({ email: `${name}@example.com`, password: STATE_DEMO_PASSWORD });

/** A browser (its jar) and the authenticator on it. */
export function browser(authenticator: SoftAuthenticator = softAuthenticator(ORIGIN)) {
  return { jar: cookieJar(), authenticator };
}

export async function signedInAs(app: App, name: string, jar: CookieJar = cookieJar()) {
  const login = await signInWith(
    app,
    jar,
    name.includes('@') ? { email: name, password: STATE_DEMO_PASSWORD } : demoUser(name),
  );
  return { jar, sessionId: login.sessionId };
}

type Headers = Record<string, string>;

/** Every passkey call, in one browser; each answers the raw response (its cookies kept in the jar). */
export function passkeyCalls(app: App, jar: CookieJar, headers: Headers = {}) {
  const post = async (path: string, body: Record<string, unknown>) =>
    jar.absorb(
      await app.request(`/api/passkeys/${path}?clientId=demo-app`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...headers,
          ...(jar.header ? { cookie: jar.header } : {}),
        },
        body: JSON.stringify({ clientId: 'demo-app', ...body }),
      }),
    );
  return {
    post,
    authenticationOptions: (body: Record<string, unknown> = {}) => post('authentication-options', body),
    authenticate: (body: Record<string, unknown>) => post('authentication', body),
    registrationOptions: (body: Record<string, unknown> = {}) => post('registration-options', body),
    register: (body: Record<string, unknown>) => post('registration', body),
    dismissOffer: (body: Record<string, unknown> = {}) => post('offer-dismissal', body),
    remove: (passkeyId: string, body: Record<string, unknown> = {}) =>
      post('removal', { passkeyId, ...body }),
    async list(sessionId?: string) {
      const query = new URLSearchParams({ clientId: 'demo-app', ...(sessionId ? { sessionId } : {}) });
      return jar.absorb(
        await app.request(`/api/passkeys?${query}`, {
          headers: { ...headers, ...(jar.header ? { cookie: jar.header } : {}) },
        }),
      );
    },
  };
}

/** The list's data (asserting a 200). */
export async function listOf(app: App, jar: CookieJar, sessionId?: string) {
  const response = await passkeyCalls(app, jar).list(sessionId);
  expect(response.status).toBe(200);
  return passkeysReply.parse(await response.json()).data;
}

/** Registers a passkey for the browser's signed-in account; the summary and the credential id. */
export async function enrol(
  app: App,
  { jar, authenticator }: { jar: CookieJar; authenticator: SoftAuthenticator },
  settings: Parameters<SoftAuthenticator['register']>[1] & { name?: string; userAgent?: string } = {},
) {
  const calls = passkeyCalls(app, jar, settings.userAgent ? { 'user-agent': settings.userAgent } : {});
  const optionsResponse = await calls.registrationOptions();
  expect(optionsResponse.status).toBe(200);
  const { challengeId, options } = registrationOptionsReply.parse(await optionsResponse.json()).data;
  const credential = authenticator.register(options, settings);
  const response = await calls.register({
    challengeId,
    credential,
    ...(settings.name !== undefined ? { name: settings.name } : {}),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return {
    passkey: registrationReply.parse(await response.json()).data.passkey,
    credentialId: credential.id,
  };
}

/** A device (browser + authenticator) holding a passkey of the account, registered after a password sign-in. */
export async function deviceWithPasskey(app: App, name: string, settings: Parameters<typeof enrol>[2] = {}) {
  const device = browser();
  await signedInAs(app, name, device.jar);
  const { passkey, credentialId } = await enrol(app, device, settings);
  // A fresh browser on the same authenticator: what signing in later looks like.
  return { device: { ...device, jar: cookieJar() }, passkey, credentialId };
}

/** Options for a sign-in (discoverable, or for the picker's login id). */
export async function signInOptions(app: App, jar: CookieJar, body: Record<string, unknown> = {}) {
  const response = await passkeyCalls(app, jar).authenticationOptions(body);
  expect(response.status).toBe(200);
  return authenticationOptionsReply.parse(await response.json()).data;
}

/** A whole passkey sign-in in this browser: options, the authenticator's assertion, the call's raw response. */
export async function passkeySignIn(
  app: App,
  { jar, authenticator }: { jar: CookieJar; authenticator: SoftAuthenticator },
  {
    credentialId,
    loginId,
    tamper,
    rememberMe,
  }: { credentialId?: string; loginId?: string; tamper?: Tampering; rememberMe?: boolean } = {},
) {
  const { challengeId, options } = await signInOptions(app, jar, loginId ? { loginId } : {});
  const credential = authenticator.authenticate(options, credentialId, tamper);
  return passkeyCalls(app, jar).authenticate({
    challengeId,
    credential,
    ...(rememberMe ? { rememberMe } : {}),
  });
}

/** A failed reply's HTTP status, backend code and message. */
export async function failureOf(response: Response) {
  const body = (await response.json()) as { status: { code: number; backendMessage?: string } };
  return { http: response.status, code: body.status.code, message: body.status.backendMessage };
}
