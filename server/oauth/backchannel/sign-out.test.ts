import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeAfterPasswordChange } from '../../account/passwords.service.ts';
import { endSessions, publicSessionId } from '../../auth/session.service.ts';
import { endByEmailInput, endSessionsByEmail } from '../../auth/sessions.admin.ts';
import { backchannelLogouts, sessions, users } from '../../db/schema.ts';
import {
  ADA,
  cookieJar,
  createTestServer,
  GRACE,
  ORIGIN,
  postJson,
  type TestServer,
} from '../../testing/harness.ts';
import { expectLogoutToken, recordingWorker, rowsOf, signInUsing } from './backchannel.testing.ts';

// Every way a session ends queues a logout for each app that took part (server/auth/session.service.ts),
// and a delivery pass posts a logout token the app can verify.

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 30_000);
afterAll(() => server.close());

const ADA_SUB = '400100101';
const logout = (jar: { header: string }, body: Record<string, unknown>) =>
  postJson(server.app, '/api/logout', body, jar.header);
const sessionIdOf = async (sid: string) => {
  const rows = await server.db.select({ id: sessions.id, tokenHash: sessions.tokenHash }).from(sessions);
  return rows.find((row) => publicSessionId(row.tokenHash) === sid)?.id ?? -1;
};

describe('back-channel logout on sign-out', () => {
  it('posts the demo app a logout token after POST /api/logout, verifiable with the published keys', async () => {
    const { jar, sid } = await signInUsing(server, ['demo-app']);
    expect((await logout(jar, {})).status).toBe(200);
    const [queued] = await rowsOf(server, sid);
    expect(queued).toMatchObject({ clientId: 'demo-app', subject: ADA_SUB, attempts: 0, deliveredAt: null });

    const { worker, posts } = recordingWorker(server);
    await worker.deliverDue();
    const post = posts.find((entry) => entry.url === `${ORIGIN}/demo-app/backchannel-logout`);
    expect(post?.status).toBe(200); // the demo app's own endpoint accepted it
    await expectLogoutToken(server, post?.token ?? '', { clientId: 'demo-app', sid, sub: ADA_SUB });
    expect((await rowsOf(server, sid))[0]).toMatchObject({ attempts: 1, lastError: null, lockedUntil: null });
    expect((await rowsOf(server, sid))[0]?.deliveredAt).toBeInstanceOf(Date);
  });

  it('queues one row per app that had a code for the session and registered a URI, and none without', async () => {
    const both = await signInUsing(server, ['demo-app', 'demo-notes', 'demo-app']);
    const none = await signInUsing(server, [], cookieJar(), GRACE);
    await logout(both.jar, {});
    await logout(none.jar, {});
    expect((await rowsOf(server, both.sid)).map((row) => row.clientId).sort()).toEqual([
      'demo-app',
      'demo-notes',
    ]);
    expect(await rowsOf(server, none.sid)).toEqual([]);
    expect(await server.deliverBackchannel()).toBeGreaterThanOrEqual(2);
    expect((await rowsOf(server, both.sid)).every((row) => row.deliveredAt !== null)).toBe(true);
  });

  it('announces every browser’s session on sign-out everywhere', async () => {
    const first = await signInUsing(server, ['demo-app']);
    const second = await signInUsing(server, ['demo-notes']);
    await logout(first.jar, { everywhere: true });
    expect(await rowsOf(server, first.sid)).toHaveLength(1);
    expect((await rowsOf(server, second.sid)).map((row) => row.clientId)).toEqual(['demo-notes']);
  });

  it('announces the session a new sign-in of the same account replaces', async () => {
    const { jar, sid } = await signInUsing(server, ['demo-app']);
    await signInUsing(server, [], jar);
    expect(await rowsOf(server, sid)).toHaveLength(1);
  });

  it('announces the other sessions a password change ends, not the one that made it', async () => {
    const kept = await signInUsing(server, ['demo-app']);
    const other = await signInUsing(server, ['demo-app']);
    const [ada] = await server.db.select().from(users).where(eq(users.email, ADA.email));
    await revokeAfterPasswordChange(server.db, ada?.id ?? -1, server.now(), await sessionIdOf(kept.sid));
    expect(await rowsOf(server, other.sid)).toHaveLength(1);
    expect(await rowsOf(server, kept.sid)).toEqual([]);
    await logout(kept.jar, {});
  });

  it('ends every session of a user for an administrator (npm run sessions -- end)', async () => {
    const one = await signInUsing(server, ['demo-app']);
    const two = await signInUsing(server, ['demo-notes']);
    const input = endByEmailInput.parse({ email: ' ADA@Example.com ' });
    const result = await endSessionsByEmail(server.db, input.email, server.now());
    expect(result.found && result.ended.map((session) => session.sid).sort()).toEqual(
      [one.sid, two.sid].sort(),
    );
    expect(await rowsOf(server, one.sid)).toHaveLength(1);
    expect(await rowsOf(server, two.sid)).toHaveLength(1);
    expect(await endSessionsByEmail(server.db, 'nobody@example.com', server.now())).toEqual({ found: false });
    expect(endByEmailInput.safeParse({ email: 'not an email' }).success).toBe(false);
  });

  it('queues nothing for a session that had already ended (only UPDATE … RETURNING rows count)', async () => {
    const { jar, sid } = await signInUsing(server, ['demo-app']);
    await logout(jar, {});
    const id = await sessionIdOf(sid);
    expect(await endSessions(server.db, [id], server.now())).toEqual([]);
    const all = await server.db.select().from(backchannelLogouts).where(eq(backchannelLogouts.sid, sid));
    expect(all).toHaveLength(1);
  });
});
