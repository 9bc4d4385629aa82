// npm run bench:load: whole sign-ins (login-info, login, the code request, the token exchange with
// PKCE) by virtual users, on one process over PGlite and on one and three processes over PostgreSQL,
// against the raw argon2id verify rate of the same machine in the same run. Loopback only, bounded in
// time (LOAD_SECONDS, default 60, per run). Prints a table and writes test-results/load.json.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { DEFAULT_SERVER_BUILD, SERVER_ENTRY, startNodeFlags } from '../../server/build-server.ts';
import { freePort, startPostgresCluster } from '../../server/testing/postgres-cluster.ts';
import { measureThroughput } from './load.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const USERS = [50, 200];
const ORIGIN = 'http://localhost:8080';
const REDIRECT_URI = `${ORIGIN}/demo-app/callback`;
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

interface Reply {
  status: number;
  cookie: string | undefined;
  body: string;
}

function call(
  base: string,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
) {
  return new Promise<Reply>((resolve, reject) => {
    const sent = request(
      new URL(path, base),
      {
        method,
        agent,
        headers: {
          ...headers,
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            cookie: response.headers['set-cookie']?.map((line) => line.split(';')[0]).join('; '),
            body: text,
          }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

const json = (body: unknown) => ({
  body: JSON.stringify(body),
  type: { 'content-type': 'application/json' },
});

/** One whole sign-in; resolves with 200 when the app got its tokens, else the failing step's status. */
async function signIn(base: string): Promise<number> {
  const query = '?clientId=demo-app';
  const info = json({ clientId: 'demo-app', username: 'ada@example.com' });
  const infoReply = await call(base, 'POST', `/api/login-info${query}`, info.body, info.type);
  if (infoReply.status !== 200) return infoReply.status;
  const login = json({ clientId: 'demo-app', username: 'ada@example.com', password: 'Violet-Harbor-47' });
  const loginReply = await call(base, 'POST', `/api/login${query}`, login.body, login.type);
  if (loginReply.status !== 200 || !loginReply.cookie) return loginReply.status || 599;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const generate = json({
    clientId: 'demo-app',
    appUrlScheme: REDIRECT_URI,
    localeId: 'en_US',
    responseType: 'code',
    state: 'load',
    scope: 'ReadAccounts',
    codeChallenge: challenge,
    codeChallengeMethod: 'S256',
    consentGiven: true,
  });
  const generated = await call(base, 'POST', `/api/post-authn/generate-code${query}`, generate.body, {
    ...generate.type,
    cookie: loginReply.cookie,
  });
  if (generated.status !== 200) return generated.status;
  const code = new URL(
    (JSON.parse(generated.body) as { data: { redirectUri: string } }).data.redirectUri,
  ).searchParams.get('code');
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    client_id: 'demo-app',
    code: code ?? '',
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  }).toString();
  const token = await call(base, 'POST', '/oauth/token', form, {
    'content-type': 'application/x-www-form-urlencoded',
  });
  return token.status;
}

/** A closed loop of `users` virtual users over the processes (round robin), with per-sign-in latencies. */
async function measureSignIns(bases: string[], users: number) {
  const latencies: number[] = [];
  let next = 0;
  const result = await measureThroughput(
    async () => {
      const base = bases[next++ % bases.length] ?? '';
      const started = performance.now();
      const status = await signIn(base);
      latencies.push(performance.now() - started);
      return status;
    },
    { seconds: SECONDS, concurrency: users, warmUpSeconds: 3 },
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    users,
    signIns: result.requests,
    errors: result.failures,
    signInsPerSecond: result.requestsPerSecond,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
  };
}

const serverEntry = join(DEFAULT_SERVER_BUILD, SERVER_ENTRY);
const limits = {
  RATE_LIMIT_LOGIN_PER_IP: '1000000',
  RATE_LIMIT_LOGIN_PER_IDENTIFIER: '1000000',
  RATE_LIMIT_TOKEN_PER_IP: '1000000',
};
const MFA_ENCRYPTION_KEY = randomBytes(32).toString('base64');

/** `npm start`'s bundle with its V8 flags, on a free port; resolves once it answers /readyz. */
async function startServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...startNodeFlags(), serverEntry], {
    env: { ...process.env, ...limits, PORT: String(port), PUBLIC_ORIGIN: ORIGIN, MFA_ENCRYPTION_KEY, ...env },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while ((await call(base, 'GET', '/readyz').catch(() => undefined))?.status !== 200) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server on ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, child };
}

async function stop(children: ChildProcess[]) {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
}

const argonReference = await hash('Violet-Harbor-47', { memoryCost: 19456, timeCost: 2, parallelism: 1 });
const argon = await measureThroughput(
  async () => {
    await verify(argonReference, 'Violet-Harbor-47');
    return 200;
  },
  { seconds: Math.min(SECONDS, 10), concurrency: 4 },
);

const rows: Record<string, unknown>[] = [];
const record = (setup: string, measured: Awaited<ReturnType<typeof measureSignIns>>) => {
  const row = {
    setup,
    ...measured,
    ratioToArgon2: Number((measured.signInsPerSecond / argon.requestsPerSecond).toFixed(2)),
  };
  rows.push(row);
  console.log(JSON.stringify(row));
};

const dataDir = mkdtempSync(join(tmpdir(), 'foyer-load-'));
try {
  const pglite = await startServer({ DATA_DIR: dataDir });
  for (const users of USERS) record('1 process, PGlite', await measureSignIns([pglite.base], users));
  await stop([pglite.child]);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const cluster = await startPostgresCluster();
try {
  const env = { DATABASE_URL: cluster.urlFor('postgres'), SEED_DEMO: 'on' };
  const first = await startServer(env);
  for (const users of USERS) record('1 process, PostgreSQL', await measureSignIns([first.base], users));
  const more = await Promise.all([startServer(env), startServer(env)]);
  const all = [first, ...more];
  for (const users of USERS)
    record(
      '3 processes, PostgreSQL',
      await measureSignIns(
        all.map((server) => server.base),
        users,
      ),
    );
  await stop(all.map((server) => server.child));
} finally {
  cluster.destroy();
}

const summary = {
  machine: `${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`,
  seconds: SECONDS,
  argon2VerifiesPerSecond: argon.requestsPerSecond,
  runs: rows,
};
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/load.json', `${JSON.stringify(summary, null, 2)}\n`);
console.table(rows);
console.log(`argon2id verifies per second (4 concurrent): ${argon.requestsPerSecond}; ${summary.machine}`);
