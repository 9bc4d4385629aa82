import { eq } from 'drizzle-orm';
import type { App } from '../app.ts';
import { users } from '../db/schema.ts';
import { type CookieJar, postJson, type TestServer } from '../testing/harness.ts';
import { outboxFor } from '../two-factor/two-factor.testing.ts';

/** Test support for the account suites (not a test). */

export const DEMO_PASSWORD = 'Violet-Harbor-47';
/** A password every rule accepts and no demo account has used. */
/** Signs in within the jar (its cookies kept); the raw reply. */
export const signInWithin = async (app: App, jar: CookieJar, username: string, password = DEMO_PASSWORD) =>
  jar.absorb(await postJson(app, '/api/login', { username, password }, jar.header || undefined));

export const NEW_PASSWORD = 'Copper-Lantern-58';

/** An /api/account call (or another path starting with /) as the SPA makes it, in one browser when a jar is given. */
export async function accountCall(app: App, path: string, body: Record<string, unknown>, jar?: CookieJar) {
  const url = path.startsWith('/') ? path : `/api/account/${path}`;
  const response = await postJson(app, url, { clientId: 'demo-app', ...body }, jar?.header || undefined);
  return jar ? jar.absorb(response) : response;
}

/** The link in the newest email to the address, and the token its fragment carries for that route. */
export async function emailedLink(app: App, email: string, route: string) {
  const [message] = await outboxFor(app, email);
  if (!message) throw new Error(`no message for ${email}`);
  const url = /https?:\/\/\S+/.exec(message.text)?.[0];
  if (!url) throw new Error(`no link in: ${message.text}`);
  const token = new RegExp(`#/${route}/([A-Za-z0-9_-]{43})$`).exec(url)?.[1];
  if (!token) throw new Error(`no ${route} token in ${url}`);
  return { url, token, message };
}

export const userIdOf = async (server: TestServer, email: string) =>
  (await server.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;

export async function userRow(server: TestServer, email: string) {
  const [row] = await server.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

/** A raw reply's status and the policy fields of a 402. */
export async function replyOf(response: Response) {
  const body = (await response.json()) as {
    status: { code: number; backendMessage?: string; errorParameters: Record<string, string> };
    data?: Record<string, unknown>;
    errorCode?: string;
    numberOfLastUsedPasswords?: number;
  };
  return {
    http: response.status,
    ...body.status,
    data: body.data,
    errorCode: body.errorCode,
    numberOfLastUsedPasswords: body.numberOfLastUsedPasswords,
  };
}
