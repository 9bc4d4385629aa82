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
    const seen: { phase: 'before' | 'outage' | 'after'; status: number; body: string }[] = [];
    let phase: 'before' | 'outage' | 'after' = 'before';
    let running = true;
    // Four clients signing in back to back: bounded by the phases below (about 14 s in all).
    const clients = [1, 2, 3, 4].map(async () => {
      while (running) {
        const response = await Promise.resolve(signIn()).catch(() => undefined);
        seen.push({ phase, status: response?.status ?? 0, body: (await response?.text()) ?? '' });
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    phase = 'outage';
    cluster.stop();
    const outageStarted = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const ready = await server.app.request('/readyz');
    expect(ready.status).toBe(503);
    cluster.start();
    const restartedAt = Date.now();
    // Recovery: the first successful sign-in after the database is back, with no restart of Foyer.
    let recoveredAfterMs = -1;
    while (Date.now() - restartedAt < 15_000) {
      if ((await signIn()).status === 200) {
        recoveredAfterMs = Date.now() - restartedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    phase = 'after';
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    running = false;
    await Promise.all(clients);

    console.log(
      `outage ${Math.round((restartedAt - outageStarted) / 1000)} s; recovered ${recoveredAfterMs} ms after the database came back;`,
      Object.entries(
        seen.reduce<Record<string, number>>((counts, { phase: p, status }) => {
          counts[`${p} ${status}`] = (counts[`${p} ${status}`] ?? 0) + 1;
          return counts;
        }, {}),
      ),
    );
    expect(recoveredAfterMs).toBeGreaterThanOrEqual(0);
    expect(seen.filter((entry) => entry.phase === 'before').every((entry) => entry.status === 200)).toBe(
      true,
    );
    const outage = seen.filter((entry) => entry.phase === 'outage');
    expect(outage.length).toBeGreaterThan(0);
    // In the window: 503 with the spec's retry wording (a request that had its rows before the stop may
    // still succeed). Never a 500, never a dropped connection.
    for (const entry of outage) expect([200, 503]).toContain(entry.status);
    const refused = outage.find((entry) => entry.status === 503);
    expect(errorReplySchema.parse(JSON.parse(refused?.body ?? '{}')).status.backendMessage).toBe(
      INTERNAL_MESSAGE,
    );
    expect(seen.filter((entry) => entry.phase === 'after').every((entry) => entry.status === 200)).toBe(true);
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
