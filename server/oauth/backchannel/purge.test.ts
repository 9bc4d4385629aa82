import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { purgeExpired } from '../../db/purge.ts';
import { authCodes, sessions } from '../../db/schema.ts';
import {
  ADA,
  cookieJar,
  createTestServer,
  obtainCode,
  postJson,
  signInWith,
  type TestServer,
} from '../../testing/harness.ts';
import { rowsOf, signInUsing } from './backchannel.testing.ts';

// The hourly purge (server/db/purge.ts) must not forget which apps took part in a session still live.

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 30_000);
afterAll(() => server.close());

const DAY_MS = 24 * 60 * 60_000;

it('keeps a live session’s codes past their purge day, and purges ended sessions’ codes and delivered logouts', async () => {
  const remembered = cookieJar();
  const { sessionId: liveSid = '' } = await signInWith(server.app, remembered, ADA, { rememberMe: true });
  await obtainCode(server.app, remembered.header);
  const ended = await signInUsing(server);
  await postJson(server.app, '/api/logout', {}, ended.jar.header);
  await server.deliverBackchannel();

  // Two days on: the remembered session (a week's idle expiry) is live, the other long ended.
  await purgeExpired(server.db, new Date(server.now().getTime() + 2 * DAY_MS));
  const codeSessions = (await server.db.select({ id: authCodes.sessionId }).from(authCodes)).map(
    (row) => row.id,
  );
  const [live] = await server.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.persistent, true));
  expect(codeSessions).toEqual([live?.id]);
  expect(await rowsOf(server, ended.sid)).toEqual([]); // delivered more than a day before

  // So when the remembered session ends, its app still hears of it.
  await postJson(server.app, '/api/logout', {}, remembered.header);
  expect((await rowsOf(server, liveSid)).map((row) => row.clientId)).toEqual(['demo-app']);
});
