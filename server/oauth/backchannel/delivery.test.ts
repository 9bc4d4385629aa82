import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema.ts';
import { ADA, createTestServer, postJson, type TestServer } from '../../testing/harness.ts';
import { recordingWorker, rowsOf, signInUsing } from './backchannel.testing.ts';
import { ABANDON_AFTER_MS } from './delivery.service.ts';

// The delivery worker: retries with backoff for a bounded time, posts each row once however many
// passes run, never posts where nothing is registered, and never holds up the sign-out.

let server: TestServer;
beforeAll(async () => {
  // The clock moves only when a test moves it, so the retry times can be checked to the millisecond.
  server = await createTestServer({ frozenAt: new Date() });
}, 30_000);
afterAll(() => server.close());

const signOut = (jar: { header: string }) => postJson(server.app, '/api/logout', {}, jar.header);
const failing = () => new Response('down for maintenance', { status: 503 });
const setUri = (uri: string | null) =>
  server.db.update(clients).set({ backchannelLogoutUri: uri }).where(eq(clients.id, 'demo-app'));

describe('back-channel logout delivery', () => {
  it('retries a failing app after 2 s, 4 s, 8 s …, then gives up after an hour, logging no personal data', async () => {
    const { jar, sid } = await signInUsing(server);
    await signOut(jar);
    const { worker, posts } = recordingWorker(server, failing);
    const row = async () => (await rowsOf(server, sid))[0];
    const retryIn = async () => ((await row())?.nextAttemptAt.getTime() ?? 0) - server.now().getTime();

    await worker.deliverDue();
    expect(await row()).toMatchObject({
      attempts: 1,
      lastError: 'HTTP 503',
      deliveredAt: null,
      lockedUntil: null,
    });
    expect(await retryIn()).toBe(2_000);
    await worker.deliverDue(); // not due yet
    expect((await row())?.attempts).toBe(1);
    server.advance(2_000);
    await worker.deliverDue();
    expect(await retryIn()).toBe(4_000);
    server.advance(4_000);
    await worker.deliverDue();
    expect(await retryIn()).toBe(8_000);
    // The delay doubles up to five minutes, and the attempts stop an hour after the sign-out.
    for (let step = 0; step < 30 && (await row())?.abandonedAt === null; step += 1) {
      server.advance(Math.max(await retryIn(), 0));
      await worker.deliverDue();
      if ((await row())?.abandonedAt === null) expect(await retryIn()).toBeLessThanOrEqual(5 * 60_000);
    }
    const given = await row();
    expect(given?.abandonedAt).toBeInstanceOf(Date);
    expect((given?.abandonedAt?.getTime() ?? 0) - (given?.createdAt.getTime() ?? 0)).toBeGreaterThanOrEqual(
      ABANDON_AFTER_MS,
    );
    const attempts = given?.attempts ?? 0;
    expect(attempts).toBeGreaterThan(10);
    expect(posts.filter((post) => post.status === 503).length).toBeGreaterThanOrEqual(attempts);
    server.advance(60 * 60_000);
    await worker.deliverDue();
    expect((await row())?.attempts).toBe(attempts);
    const line = server.logs.find((entry) => entry.includes('abandoned after')) ?? '';
    expect(line).toContain('demo-app');
    for (const secret of [sid, ADA.email, '400100101']) expect(line).not.toContain(secret);
  });

  it('does not follow a redirect', async () => {
    const { jar, sid } = await signInUsing(server);
    await signOut(jar);
    const moved = () =>
      new Response(null, { status: 302, headers: { location: 'https://elsewhere.example/' } });
    await recordingWorker(server, moved).worker.deliverDue();
    expect((await rowsOf(server, sid))[0]?.lastError).toBe('redirect (HTTP 302) not followed');
  });

  it('posts each row once when two processes run passes together', async () => {
    const signedOut = [];
    for (let n = 0; n < 6; n += 1) {
      const { jar, sid } = await signInUsing(server, ['demo-app', 'demo-notes']);
      await signOut(jar);
      signedOut.push(sid);
    }
    const one = recordingWorker(server);
    const two = recordingWorker(server);
    await Promise.all([one.worker.deliverDue(), two.worker.deliverDue(), one.worker.deliverDue()]);
    const tokens = [...one.posts, ...two.posts].map((post) => post.token);
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const sid of signedOut) {
      const rows = await rowsOf(server, sid);
      expect(rows.map((row) => [row.attempts, row.deliveredAt !== null])).toEqual([
        [1, true],
        [1, true],
      ]);
    }
    expect(one.posts.length + two.posts.length).toBeGreaterThanOrEqual(12);
  });

  it('never posts to a URI that is no longer registered, or is not http(s)', async () => {
    for (const uri of [null, 'ftp://files.example/logout']) {
      const { jar, sid } = await signInUsing(server);
      await signOut(jar);
      await setUri(uri);
      const { worker, posts } = recordingWorker(server);
      await worker.deliverDue();
      await setUri('http://localhost:8080/demo-app/backchannel-logout');
      expect(posts.filter((post) => post.url.includes('demo-app'))).toEqual([]);
      expect((await rowsOf(server, sid))[0]).toMatchObject({
        attempts: 0,
        lastError: 'no http(s) backchannel_logout_uri registered',
      });
      expect((await rowsOf(server, sid))[0]?.abandonedAt).toBeInstanceOf(Date);
    }
  });

  it('answers the sign-out before the app has been told, then tells it at once', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { worker, posts } = recordingWorker(server, async (url, init) => {
      await held;
      return server.app.request(url, init);
    });
    const { jar, sid } = await signInUsing(server);
    worker.start(60_000);
    try {
      expect((await signOut(jar)).status).toBe(200); // while the post waits for the app
      expect(posts).toEqual([]);
      release();
      for (let wait = 0; wait < 100 && (await rowsOf(server, sid))[0]?.attempts !== 1; wait += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect((await rowsOf(server, sid))[0]?.deliveredAt).toBeInstanceOf(Date);
      expect(posts.find((post) => post.url.endsWith('/demo-app/backchannel-logout'))?.status).toBe(200);
    } finally {
      release();
      await worker.stop();
    }
  });
});
