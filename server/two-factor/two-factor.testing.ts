import { Secret, TOTP as Totp } from 'otpauth';
import type { App } from '../app.ts';
import { STATE_DEMO_PASSWORD } from '../db/seed-data.ts';
import {
  type CookieJar,
  cookieJar,
  DEMO_REDIRECT_URI,
  getJson,
  pkcePair,
  postJson,
  signInWith,
} from '../testing/harness.ts';

/** Test support for the two-factor suites (not a test): the six calls and what surrounds them. */

export const demoUser = (name: string) => ({ email: `${name}@example.com`, password: STATE_DEMO_PASSWORD });

/** A browser signed in as the account; its jar keeps the session and trusted-device cookies. */
export async function signedIn(app: App, name: string, jar: CookieJar = cookieJar()) {
  const login = await signInWith(app, jar, demoUser(name));
  return { jar, sessionId: login.sessionId };
}

/** The two-factor calls as the SPA makes them, in one browser. */
export function twoFactorCalls(app: App, jar: CookieJar) {
  const query = (sessionId?: string) => ({ clientId: 'demo-app', ...(sessionId ? { sessionId } : {}) });
  const get = async (path: string, sessionId?: string) =>
    jar.absorb(await getJson(app, `/api/two-factor/${path}`, query(sessionId), jar.header || undefined));
  const post = async (path: string, body: Record<string, unknown>) =>
    jar.absorb(await postJson(app, `/api/two-factor/${path}`, body, jar.header || undefined));
  return {
    settings: (sessionId?: string) => get('mfa-settings', sessionId),
    contacts: (sessionId?: string) => get('contact-info', sessionId),
    offerTotp: (sessionId?: string) => get('mfa-totp', sessionId),
    enrolTotp: (code: string, extra: Record<string, unknown> = {}) =>
      post('mfa-totp-verification', { code, ...extra }),
    send: (contactBy: string, extra: Record<string, unknown> = {}) =>
      post('send-code', { contactBy, localeId: 'en_US', ...extra }),
    verify: (contactBy: string, code: string, extra: Record<string, unknown> = {}) =>
      post('verify-code', { contactBy, code, ...extra }),
  };
}

/** generate-code as the SPA calls it after the consent page; the raw response (200, or 306/224…). */
export async function requestCode(app: App, jar: CookieJar, extra: Record<string, unknown> = {}) {
  const pkce = await pkcePair();
  return jar.absorb(
    await postJson(
      app,
      '/api/post-authn/generate-code',
      {
        appUrlScheme: DEMO_REDIRECT_URI,
        localeId: 'en_US',
        responseType: 'code',
        state: 'st-2fa',
        scope: 'ReadAccounts',
        codeChallenge: pkce.challenge,
        codeChallengeMethod: 'S256',
        consentGiven: true,
        ...extra,
      },
      jar.header || undefined,
    ),
  );
}

/** What the embedded outbox kept for a recipient, newest first (the browser tests read codes the same way). */
export async function outboxFor(app: App, to: string) {
  const response = await app.request(`/dev/outbox.json?${new URLSearchParams({ to })}`);
  const body = (await response.json()) as {
    messages: { channel: string; to: string; subject: string | null; text: string; at: string }[];
  };
  return body.messages;
}

/** The six-digit code a message carries (digits spaced out in a voice text are joined). */
export function codeIn(text: string): string {
  const digits = /(\d(?:, )?){6}/.exec(text)?.[0].replaceAll(', ', '');
  if (!digits) throw new Error(`no code in: ${text}`);
  return digits;
}

/** The code in the newest message to a recipient. */
export async function latestCode(app: App, to: string): Promise<string> {
  const [message] = await outboxFor(app, to);
  if (!message) throw new Error(`no message for ${to}`);
  return codeIn(message.text);
}

/** An RFC 6238 code computed independently of the server (otpauth), for a time. */
export const totpCode = (secret: string, at: Date) =>
  Totp.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: at.getTime(),
  });

/** A six-digit code that differs from the given one. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export async function statusOf(response: Response) {
  const body = (await response.json()) as {
    status: { code: number; backendMessage?: string; errorParameters: Record<string, string> };
    data?: unknown;
  };
  return { http: response.status, ...body.status, data: body.data };
}

/** GET /oauth/authorize with prompt=none for demo-app in this browser: the status and where it redirects. */
export async function authorizeSilently(app: App, jar: CookieJar) {
  const pkce = await pkcePair();
  const response = await app.request(
    `/oauth/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: 'demo-app',
      redirect_uri: DEMO_REDIRECT_URI,
      state: 'st-none',
      scope: 'ReadAccounts',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      prompt: 'none',
    })}`,
    { headers: { cookie: jar.header } },
  );
  return { status: response.status, params: new URL(response.headers.get('location') ?? '').searchParams };
}
