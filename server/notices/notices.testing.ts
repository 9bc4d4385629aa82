import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { consents } from '../db/schema.ts';
import { auditEvents } from '../db/schema.two-factor.ts';
import { userIdOf } from '../emergency/emergency.testing.ts';
import { type CookieJar, getJson, pkcePair, postJson } from '../testing/harness.ts';

/** Test support for the notices suites (not a test): the calls as the SPA makes them. */

export { signedInAs, userIdOf } from '../emergency/emergency.testing.ts';

export function noticeCalls(app: App, jar: CookieJar) {
  const cookie = () => jar.header || undefined;
  return {
    terms: async (query: Record<string, string> = {}) =>
      jar.absorb(
        await getJson(app, '/api/terms', { clientId: 'demo-app', localeId: 'en_US', ...query }, cookie()),
      ),
    accept: async (body: Record<string, unknown>) =>
      jar.absorb(await postJson(app, '/api/terms/accept', { clientId: 'demo-app', ...body }, cookie())),
  };
}

/** The code in a successful generate-code reply. */
export async function codeOf(response: Response): Promise<string | null> {
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { redirectUri: string } };
  return new URL(body.data.redirectUri).searchParams.get('code');
}

export async function auditKinds(db: Database, email: string, kind: string) {
  const userId = await userIdOf(db, email);
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.userId, userId), eq(auditEvents.kind, kind)));
}

/** As if the user had approved demo-app before, so prompt=none reaches the code request's steps. */
export async function grantDemoApp(db: Database, email: string) {
  await db.insert(consents).values({
    userId: await userIdOf(db, email),
    clientId: 'demo-app',
    scope: 'ReadAccounts',
    grantedAt: new Date(),
  });
}

/** GET /oauth/authorize as an app's link sends it; returns the status and where the browser is sent. */
export async function authorize(
  app: App,
  params: Record<string, string>,
  cookie?: string,
): Promise<{ status: number; location: URL }> {
  const pkce = await pkcePair();
  const response = await app.request(
    `/oauth/authorize?${new URLSearchParams({
      response_type: 'code',
      scope: 'ReadAccounts',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      state: 'st-notice',
      ...params,
    })}`,
    cookie ? { headers: { cookie } } : {},
  );
  return { status: response.status, location: new URL(response.headers.get('location') ?? '', 'http://x') };
}
