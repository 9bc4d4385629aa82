import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emergencyProfiles } from '../db/schema.emergency.ts';
import { sessions, users } from '../db/schema.ts';
import {
  ADA,
  cookieJar,
  createTestServer,
  expectFailure,
  signInWith,
  type TestServer,
} from '../testing/harness.ts';
import { authorizeSilently, requestCode } from '../two-factor/two-factor.testing.ts';
import { auditKinds, codeOf, grantDemoApp, noticeCalls, signedInAs, userIdOf } from './notices.testing.ts';

// The code request's FedRAMP step (720, docs/notices.md "Server").

const FEDRAMP = 'fedramp@example.com';

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
});
afterEach(() => server.close());

const acceptedAt = async (email: string) =>
  (
    await server.db
      .select({ at: sessions.fedrampNoticeAcceptedAt })
      .from(sessions)
      .where(eq(sessions.userId, await userIdOf(server.db, email)))
  ).map((row) => row.at);

describe('generate-code and the FedRAMP notice', () => {
  it('720 until the page says the notice was accepted; then a code, audited once', async () => {
    const jar = await signedInAs(server.app, 'fedramp');
    const refused = await expectFailure(await requestCode(server.app, jar), 403);
    expect(refused.code).toBe(720);
    expect(await acceptedAt(FEDRAMP)).toEqual([null]);
    expect(
      await codeOf(await requestCode(server.app, jar, { fedrampNotificationCompleted: true })),
    ).toBeTruthy();
    expect((await acceptedAt(FEDRAMP))[0]).toBeInstanceOf(Date);
    const events = await auditKinds(server.db, FEDRAMP, 'notice.fedramp_accepted');
    expect(events).toHaveLength(1);
    expect(events[0]?.sessionHash).toMatch(/^[0-9a-f]{24}$/);
  });

  it('is remembered for the sign-in: a reload or a later request is not asked again, nor audited again', async () => {
    const jar = await signedInAs(server.app, 'fedramp');
    await codeOf(await requestCode(server.app, jar, { fedrampNotificationCompleted: true }));
    expect(await codeOf(await requestCode(server.app, jar))).toBeTruthy();
    expect(
      await codeOf(await requestCode(server.app, jar, { fedrampNotificationCompleted: true })),
    ).toBeTruthy();
    expect(await auditKinds(server.db, FEDRAMP, 'notice.fedramp_accepted')).toHaveLength(1);
  });

  it('a new sign-in asks again', async () => {
    const first = await signedInAs(server.app, 'fedramp');
    await codeOf(await requestCode(server.app, first, { fedrampNotificationCompleted: true }));
    const second = await signedInAs(server.app, 'fedramp');
    expect((await expectFailure(await requestCode(server.app, second), 403)).code).toBe(720);
  });

  it('an account without the notice gets its code whatever the flag says, and nothing is recorded', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar, ADA);
    expect(
      await codeOf(await requestCode(server.app, jar, { fedrampNotificationCompleted: true })),
    ).toBeTruthy();
    expect(await acceptedAt(ADA.email)).toEqual([null]);
    expect(await auditKinds(server.db, ADA.email, 'notice.fedramp_accepted')).toHaveLength(0);
  });

  it('comes after the second factor: the flag sent before it is not taken', async () => {
    await server.db.update(users).set({ mfaRequired: true }).where(eq(users.email, FEDRAMP));
    const jar = await signedInAs(server.app, 'fedramp');
    const refused = await requestCode(server.app, jar, { fedrampNotificationCompleted: true });
    expect((await expectFailure(refused, 403)).code).toBe(306);
    expect(await acceptedAt(FEDRAMP)).toEqual([null]);
  });

  it('comes before the terms and the emergency address; an acceptance is kept when a later step refuses', async () => {
    const userId = await userIdOf(server.db, FEDRAMP);
    await server.db.update(users).set({ termsAcceptanceRequired: true }).where(eq(users.id, userId));
    await server.db
      .insert(emergencyProfiles)
      .values({ userId, countryId: 1, deviceId: 'notice-order', hasDigitalLine: true });
    const jar = await signedInAs(server.app, 'fedramp');
    expect((await expectFailure(await requestCode(server.app, jar), 403)).code).toBe(720);
    const terms = await requestCode(server.app, jar, { fedrampNotificationCompleted: true });
    expect((await expectFailure(terms, 403)).code).toBe(730);
    const calls = noticeCalls(server.app, jar);
    const { data } = (await (await calls.terms()).json()) as { data: { version: string } };
    expect((await calls.accept({ version: data.version })).status).toBe(200);
    // The notice is not asked again: the emergency address is what is left.
    expect((await expectFailure(await requestCode(server.app, jar), 403)).code).toBe(701);
  });

  it('prompt=none answers interaction_required until the sign-in accepted the notice', async () => {
    await grantDemoApp(server.db, FEDRAMP);
    const jar = await signedInAs(server.app, 'fedramp');
    const pending = await authorizeSilently(server.app, jar);
    expect(pending.status).toBe(302);
    expect(pending.params.get('error')).toBe('interaction_required');
    expect(pending.params.get('state')).toBe('st-none');
    expect(pending.params.get('code')).toBeNull();
    await codeOf(await requestCode(server.app, jar, { fedrampNotificationCompleted: true }));
    expect((await authorizeSilently(server.app, jar)).params.get('code')).toBeTruthy();
  });

  it('a non-boolean flag is refused by name', async () => {
    const jar = await signedInAs(server.app, 'fedramp');
    const refused = await expectFailure(
      await requestCode(server.app, jar, { fedrampNotificationCompleted: 'yes' }),
      400,
    );
    expect(refused.backendMessage).toContain('fedrampNotificationCompleted');
  });
});
