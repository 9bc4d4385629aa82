import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, postJson, type TestServer } from '../../testing/harness.ts';
import { recordingWorker, signInUsing } from './backchannel.testing.ts';

// How long after a sign-out the app has been told, in process, with the worker as a server runs it
// (kicked by the enqueue; the poll set far off so that only the kick counts). Reported in the log.

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 30_000);
afterAll(() => server.close());

const ROUNDS = 20;

it('tells the app of a sign-out within milliseconds (median of 20, in process)', {
  timeout: 30_000,
}, async () => {
  const { worker, posts } = recordingWorker(server);
  worker.start(60_000);
  const delays: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { jar } = await signInUsing(server);
      const before = posts.length;
      const started = performance.now();
      await postJson(server.app, '/api/logout', {}, jar.header);
      while (posts.length === before && performance.now() - started < 2_000)
        await new Promise((resolve) => setImmediate(resolve));
      const post = posts[before];
      expect(post?.status).toBe(200);
      delays.push((post?.at ?? Number.POSITIVE_INFINITY) - started);
    }
  } finally {
    await worker.stop();
  }
  const sorted = [...delays].sort((a, b) => a - b);
  const median = ((sorted[ROUNDS / 2 - 1] ?? 0) + (sorted[ROUNDS / 2] ?? 0)) / 2;
  console.log(
    `back-channel logout: sign-out to delivered, median ${median.toFixed(1)} ms, ` +
      `min ${sorted[0]?.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms (${ROUNDS} rounds)`,
  );
  expect(median).toBeLessThan(1_000);
});
