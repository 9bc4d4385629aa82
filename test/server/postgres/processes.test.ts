import { request } from 'node:http';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { loginReply } from '../../../api/contract/auth.ts';
import { authorizeUrlFor, follow, poll, startRoom } from '../../../server/device/device.testing.ts';
import {
  cookieJar,
  exchange,
  expectFailure,
  ORIGIN,
  obtainCode,
  postJson,
  refresh,
  requestStartupCode,
  type Tokens,
} from '../../../server/testing/harness.ts';
import { createTestDatabase } from '../../../server/testing/test-database.ts';
import {
  latestCode,
  requestCode,
  signedIn,
  twoFactorCalls,
} from '../../../server/two-factor/two-factor.testing.ts';
import { type ServerProcess, startProcess } from './processes.ts';

const adminUrl = inject('postgresAdminUrl');
if (!adminUrl)
  throw new Error('the server-postgres project provides the cluster (test/server/postgres.setup.ts)');

/** SELECT on the test database, for what no endpoint shows (migrations applied, keys). */
async function query<T>(url: string, statement: string): Promise<T[]> {
  const client = postgres(url, { onnotice: () => {}, max: 1 });
  try {
    return (await client.unsafe(statement)) as unknown as T[];
  } finally {
    await client.end();
  }
}

describe('four processes starting at once on an empty database', () => {
  it('migrate it once, make one signing key of each algorithm, and all come up', {
    timeout: 60_000,
  }, async () => {
    const database = await createTestDatabase(adminUrl, { template: undefined });
    const processes = await Promise.all([1, 2, 3, 4].map(() => startProcess(database.url)));
    try {
      for (const server of processes) {
        const ready = await server.app.request('/readyz');
        expect(ready.status, server.output()).toBe(200);
      }
      const [migrations] = await query<{ applied: number }>(
        database.url,
        'SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations',
      );
      expect(migrations?.applied).toBeGreaterThan(0);
      const keys = await query<{ kid: string; alg: string }>(
        database.url,
        'SELECT kid, alg FROM signing_keys ORDER BY kid',
      );
      expect(keys.map((key) => key.alg).sort()).toEqual(['ES256', 'RS256']);
      const published = await Promise.all(
        processes.map(
          async (server) =>
            (await (await server.app.request('/oauth/jwks')).json()) as { keys: { kid: string }[] },
        ),
      );
      for (const jwks of published)
        expect(jwks.keys.map((key) => key.kid).sort()).toEqual(keys.map((key) => key.kid));
    } finally {
      for (const server of processes) server.kill('SIGKILL');
      await Promise.all(processes.map((server) => server.exited));
      await database.drop();
    }
  });
});

describe('three processes over one PostgreSQL: nothing a process keeps that another needs', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let c: ServerProcess;
  // The two the last tests stop (one killed, one drained): started here with the rest, since starting a
  // process took over 5 s inside a test on a loaded machine.
  let killed: ServerProcess;
  let drained: ServerProcess;
  beforeAll(async () => {
    database = await createTestDatabase(adminUrl);
    const started = await Promise.all([1, 2, 3, 4, 5].map(() => startProcess(database.url)));
    [a, b, c, killed, drained] = started as [
      ServerProcess,
      ServerProcess,
      ServerProcess,
      ServerProcess,
      ServerProcess,
    ];
  }, 60_000);
  afterAll(async () => {
    const all = [a, b, c, killed, drained];
    for (const server of all) server?.kill('SIGKILL');
    await Promise.all(all.map((server) => server?.exited));
    await database?.drop();
  });

  it('a sign-in begun on the first continues on the second (same cookie); the code it issues is exchanged at the third and its replay refused, the grant revoked', async () => {
    const jar = cookieJar();
    const login = jar.absorb(
      await postJson(a.app, '/api/login', { username: 'ada@example.com', password: 'Violet-Harbor-47' }),
    );
    expect(login.status).toBe(200);
    expect(loginReply.parse(await login.json()).data).toBeTruthy();
    const { code, verifier } = await obtainCode(b.app, jar.header);
    const exchanged = await exchange(c.app, code, verifier);
    expect(exchanged.status).toBe(200);
    const tokens = (await exchanged.json()) as Tokens;
    const replay = await exchange(a.app, code, verifier);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_grant');
    // RFC 6749 §4.1.2: the replay revokes what the code had granted, wherever it is presented.
    expect((await refresh(b.app, tokens.refresh_token)).status).toBe(400);
  });

  it('refresh rotation across processes: rotated at one, the old refresh token refused at another', async () => {
    const jar = cookieJar();
    jar.absorb(
      await postJson(c.app, '/api/login', { username: 'ada@example.com', password: 'Violet-Harbor-47' }),
    );
    const { code, verifier } = await obtainCode(a.app, jar.header);
    const first = (await (await exchange(a.app, code, verifier)).json()) as Tokens;
    const rotated = await refresh(b.app, first.refresh_token);
    expect(rotated.status).toBe(200);
    const second = (await rotated.json()) as Tokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await refresh(c.app, first.refresh_token)).status).toBe(400);
  });

  it('five wrong passwords spread over the three lock the account (374) on every one', async () => {
    const wrong = (server: ServerProcess) =>
      postJson(server.app, '/api/login', { username: 'options@example.com', password: 'Wrong-Password-1' });
    for (const server of [a, b, c, a, b]) expect((await wrong(server)).status).not.toBe(200);
    for (const server of [c, a]) {
      const locked = await postJson(server.app, '/api/login', {
        username: 'options@example.com',
        password: 'Violet-Harbor-47',
      });
      expect((await expectFailure(locked, locked.status)).code).toBe(374);
    }
  });

  it('a two-factor code sent by one process is verified at another', async () => {
    const { jar } = await signedIn(a.app, 'mfa');
    expect((await requestCode(a.app, jar)).status).toBe(403);
    expect((await twoFactorCalls(a.app, jar).send('Email')).status).toBe(200);
    const code = await latestCode(c.app, 'mfa@example.com');
    const verified = await twoFactorCalls(b.app, jar).verify('Email', code);
    expect(verified.status).toBe(200);
    expect((await requestCode(c.app, jar)).status).toBe(200);
  });

  it('a device code approved on one process is polled at another', { timeout: 30_000 }, async () => {
    const room = await startRoom(a.app);
    expect((await poll(b.app, room.device_code)).body.error).toBe('authorization_pending');
    const jar = cookieJar();
    jar.absorb(
      await postJson(b.app, '/api/login', { username: 'ada@example.com', password: 'Violet-Harbor-47' }),
    );
    const authorizeUrl = await authorizeUrlFor(b.app, room.user_code);
    const startup = new URL(
      (await follow(b.app, jar, new URL(authorizeUrl, ORIGIN))).headers.get('location') ?? '',
      ORIGIN,
    ).searchParams;
    const generated = await requestStartupCode(a.app, jar, startup);
    expect(generated.status).toBe(200);
    const callback = new URL(
      ((await generated.json()) as { data: { redirectUri: string } }).data.redirectUri,
    );
    expect((await follow(c.app, jar, callback)).status).toBeLessThan(400);
    // Polled at the third, past the interval the first set.
    await new Promise((resolve) => setTimeout(resolve, room.interval * 1000 + 100));
    const granted = await poll(c.app, room.device_code);
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(granted.body.access_token).toBeTruthy();
  });

  it('a process killed mid-sign-in: the user goes on at another', async () => {
    const jar = cookieJar();
    jar.absorb(
      await postJson(killed.app, '/api/login', { username: 'ada@example.com', password: 'Violet-Harbor-47' }),
    );
    killed.kill('SIGKILL');
    await killed.exited;
    const { code, verifier } = await obtainCode(a.app, jar.header);
    expect((await exchange(b.app, code, verifier)).status).toBe(200);
  });

  it('SIGTERM: a request in flight still finishes, new connections are refused, and the process exits 0', {
    timeout: 20_000,
  }, async () => {
    const body = JSON.stringify({
      clientId: 'demo-app',
      username: 'ada@example.com',
      password: 'Violet-Harbor-47',
    });
    // A sign-in whose body arrives in two parts, so it is surely in flight when the signal comes: the
    // server's 100 Continue says it has read the request's head (no guess at how long that takes).
    let answer: (status: number) => void = () => {};
    const answered = new Promise<number>((resolve) => {
      answer = resolve;
    });
    const inFlight = request(
      {
        host: '127.0.0.1',
        port: drained.port,
        method: 'POST',
        path: '/api/login?clientId=demo-app',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          expect: '100-continue',
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => answer(response.statusCode ?? 0));
      },
    );
    const headRead = new Promise((resolve) => inFlight.once('continue', resolve));
    inFlight.flushHeaders();
    await headRead;
    inFlight.write(body.slice(0, 10));
    drained.kill('SIGTERM');
    // New connections are refused once the process has closed its listener: wait for that, not a time.
    await vi.waitFor(() => expect(fetch(`http://127.0.0.1:${drained.port}/healthz`)).rejects.toThrow(), {
      timeout: 10_000,
      interval: 20,
    });
    inFlight.end(body.slice(10));
    expect(await answered).toBe(200);
    expect(await drained.exited).toBe(0);
  });
});
