import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReplySchema } from '../../../api/contract/envelope.ts';
import { INTERNAL_MESSAGE } from '../../../server/http/errors.ts';
import { postJson } from '../../../server/testing/harness.ts';
import { type PostgresCluster, startPostgresCluster } from '../../../server/testing/postgres-cluster.ts';
import { type ServerProcess, startProcess } from './processes.ts';

/** A cluster of this file's own: the test stops and starts the database server under load. */
let cluster: PostgresCluster;
let server: ServerProcess;
beforeAll(async () => {
  cluster = await startPostgresCluster();
  server = await startProcess(cluster.urlFor('postgres'), { LOG_REQUESTS: 'json' });
}, 60_000);
afterAll(async () => {
  server?.kill('SIGKILL');
  await server?.exited;
  cluster?.destroy();
});

const signIn = () =>
  postJson(server.app, '/api/login', { username: 'ada@example.com', password: 'Violet-Harbor-47' });

describe('the database stopped for 10 s under load', () => {
  it('answers 503 with the retry wording meanwhile, never a 500 or a stack trace, and recovers without a restart', {
    timeout: 60_000,
  }, async () => {
    const seen: { sentAt: number; doneAt: number; status: number; body: string }[] = [];
    let running = true;
    // Four clients signing in back to back, for about 14 s in all (bounded by the steps below).
    const clients = [1, 2, 3, 4].map(async () => {
      while (running) {
        const sentAt = Date.now();
        const response = await Promise.resolve(signIn()).catch(() => undefined);
        const body = (await response?.text()) ?? '';
        seen.push({ sentAt, doneAt: Date.now(), status: response?.status ?? 0, body });
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const stopBegins = Date.now();
    cluster.stop();
    const stoppedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 10_000 - (stoppedAt - stopBegins)));
    const ready = await server.app.request('/readyz');
    expect(ready.status).toBe(503);
    const restartBegins = Date.now();
    cluster.start();
    const restartedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    running = false;
    await Promise.all(clients);

    const before = seen.filter((entry) => entry.doneAt < stopBegins);
    const during = seen.filter((entry) => entry.sentAt >= stoppedAt && entry.doneAt <= restartBegins);
    const spanning = seen.filter((entry) => !before.includes(entry) && !during.includes(entry));
    const firstBack = seen
      .filter((entry) => entry.sentAt >= restartedAt && entry.status === 200)
      .reduce((first, entry) => Math.min(first, entry.doneAt), Number.POSITIVE_INFINITY);
    const recoveredAfterMs = firstBack - restartedAt;
    const count = (entries: typeof seen) =>
      Object.entries(
        entries.reduce<Record<number, number>>((counts, { status }) => {
          counts[status] = (counts[status] ?? 0) + 1;
          return counts;
        }, {}),
      );
    console.log(
      `database down ${Math.round((restartBegins - stopBegins) / 100) / 10} s; first sign-in back ${recoveredAfterMs} ms after it was up;`,
      { before: count(before), during: count(during), spanning: count(spanning) },
      `503 answered in ${during
        .map((entry) => entry.doneAt - entry.sentAt)
        .sort((a, b) => a - b)
        .join(', ')} ms`,
    );
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((entry) => entry.status === 200)).toBe(true);
    // While the database is down: every call answers 503 with the spec's retry wording.
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((entry) => entry.status === 503)).toBe(true);
    for (const entry of during)
      expect(errorReplySchema.parse(JSON.parse(entry.body)).status.backendMessage).toBe(INTERNAL_MESSAGE);
    // Calls that crossed the stop or the restart: either outcome, never a 500 or a dropped connection.
    for (const entry of spanning) expect([200, 503]).toContain(entry.status);
    // Back without a restart of Foyer.
    expect(recoveredAfterMs).toBeLessThan(3_000);
    expect(server.output()).not.toMatch(/\n\s+at /);
    expect(server.output()).not.toMatch(/"status":500/);
    expect((await server.app.request('/readyz')).status).toBe(200);
  });
});

describe('request logs as JSON (LOG_REQUESTS=json)', () => {
  it('one line per request with the ray id, never a password, code, token or cookie', async () => {
    const response = await signIn();
    const rayId = response.headers.get('x-ray-id');
    expect(rayId).toMatch(/^[0-9a-f]{16}$/);
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const line = lines.find((entry) => entry.rayId === rayId);
    expect(line).toMatchObject({ method: 'POST', path: '/api/login', status: 200 });
    expect(Object.keys(line ?? {}).sort()).toEqual(['method', 'ms', 'path', 'rayId', 'status', 'time']);
    // The start-up banner names the demo accounts (SEED_DEMO=on); the request log names no secret.
    const requestLog = lines.map((entry) => JSON.stringify(entry)).join('\n');
    expect(requestLog).not.toMatch(/Violet-Harbor-47|foyer_session|refresh_token|code_verifier|[?&]code=/);
  });
});
