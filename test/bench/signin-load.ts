// npm run bench:load: whole sign-ins (login-info, login, the code request, the token exchange with
// PKCE) by virtual users, on one process over PGlite and on one and three processes over PostgreSQL,
// against the raw argon2id verify rate of the same machine in the same run. Loopback only, bounded in
// time (LOAD_SECONDS, default 60, per run). Prints a table and writes test-results/load.json.
// Opt-ins (docs/benchmarks.md "Where a sign-in's CPU goes"): LOAD_SETUPS picks runs (pglite, postgres,
// postgres-3; default all), LOAD_USERS the user counts (default 50,200), LOAD_CPU_PROF=<dir> starts each
// server with `node --cpu-prof` into that folder (summarise with test/bench/summarise-profile.ts), and
// LOAD_ARGON2=keycloak re-hashes the load account at Keycloak's argon2 settings in the bench's own
// database (the product's defaults are not touched).
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { PASSWORD_HASH_COST } from '../../server/auth/password.ts';
import { DEFAULT_SERVER_BUILD, SERVER_ENTRY, startNodeFlags } from '../../server/build-server.ts';
import { freePort, startPostgresCluster } from '../../server/testing/postgres-cluster.ts';
import { measureThroughput } from './load.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const USERS = (process.env.LOAD_USERS ?? '50,200').split(',').map(Number);
const SETUPS = new Set((process.env.LOAD_SETUPS ?? 'pglite,postgres,postgres-3').split(','));
const CPU_PROFILE_DIR = process.env.LOAD_CPU_PROF;
/** Keycloak's published argon2 settings (argon2id, 5 iterations, 7 MiB, 1 lane), or the product's own. */
const KEYCLOAK_ARGON2 = { memoryCost: 7168, timeCost: 5, parallelism: 1 } as const;
const ARGON2_SETTINGS = process.env.LOAD_ARGON2 === 'keycloak' ? KEYCLOAK_ARGON2 : PASSWORD_HASH_COST;
const PASSWORD = 'Violet-Harbor-47';
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

/** CPU seconds (user + system) used so far by a process or a thread (a /proc stat file; Linux). */
function cpuSecondsIn(statFile: string): number {
  const fields = readFileSync(statFile, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * A server's CPU seconds so far: its JavaScript thread, libuv's threadpool (where argon2id runs,
 * UV_THREADPOOL_SIZE threads, 4 by default) and the rest (V8's GC and compiler helpers, Node's own).
 */
function serverCpuSeconds(pid: number | undefined) {
  const used = { main: 0, threadpool: 0, helpers: 0 };
  if (pid === undefined) return used;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const seconds = cpuSecondsIn(`/proc/${pid}/task/${task}/stat`);
    const name = readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8').trim();
    if (task === String(pid)) used.main += seconds;
    else if (name.startsWith('libuv-worker')) used.threadpool += seconds;
    else used.helpers += seconds;
  }
  return used;
}

/** The PostgreSQL cluster listening on `port`: its postmaster and every child (the backends). */
function postgresCpuSeconds(port: number | undefined): number {
  if (port === undefined) return 0;
  const processes = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  const read = (pid: string) => {
    try {
      return {
        pid,
        cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'),
        parent: readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1],
      };
    } catch {
      return undefined; // gone meanwhile
    }
  };
  const all = processes.map(read).filter((entry) => entry !== undefined);
  const postmaster = all.find(
    (entry) => entry.cmdline[0]?.endsWith('postgres') && entry.cmdline.includes(String(port)),
  );
  if (!postmaster) return 0;
  return all
    .filter((entry) => entry.pid === postmaster.pid || entry.parent === postmaster.pid)
    .reduce((sum, entry) => {
      try {
        return sum + cpuSecondsIn(`/proc/${entry.pid}/stat`);
      } catch {
        return sum;
      }
    }, 0);
}

/** Busy CPU seconds of the whole machine so far (every core; /proc/stat minus idle and iowait). */
function machineBusySeconds(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
  const values = ticks.map(Number);
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return (total - (values[3] ?? 0) - (values[4] ?? 0)) / 100;
}

/**
 * Who used the CPU over a run: the servers, this load generator, and the rest of the machine
 * (PostgreSQL, and whatever else shares it), in CPU seconds per sign-in.
 */
function cpuMeter(serverPids: Array<number | undefined>, postgresPort: number | undefined) {
  const sample = () => {
    const servers = serverPids.map(serverCpuSeconds);
    const total = (part: 'main' | 'threadpool' | 'helpers') =>
      servers.reduce((sum, server) => sum + server[part], 0);
    const { user, system } = process.cpuUsage();
    return {
      main: total('main'),
      threadpool: total('threadpool'),
      helpers: total('helpers'),
      generator: (user + system) / 1e6,
      postgres: postgresCpuSeconds(postgresPort),
      machine: machineBusySeconds(),
    };
  };
  const start = sample();
  return (signIns: number) => {
    const end = sample();
    const perSignIn = (part: keyof typeof end) =>
      Number((((end[part] - start[part]) / Math.max(1, signIns)) * 1000).toFixed(1));
    const counted = (['main', 'threadpool', 'helpers', 'generator', 'postgres'] as const).reduce(
      (sum, part) => sum + perSignIn(part),
      0,
    );
    // CPU ms per sign-in, by who spent it.
    return {
      cpuMsPerSignIn: {
        mainMs: perSignIn('main'),
        poolMs: perSignIn('threadpool'),
        helpersMs: perSignIn('helpers'),
        generatorMs: perSignIn('generator'),
        postgresMs: perSignIn('postgres'),
        restMs: Number((perSignIn('machine') - counted).toFixed(1)),
      },
    };
  };
}

/** A closed loop of `users` virtual users over the processes (round robin), with per-sign-in latencies. */
async function measureSignIns(
  servers: Array<{ base: string; child: ChildProcess }>,
  users: number,
  postgresPort?: number,
) {
  const bases = servers.map((server) => server.base);
  const latencies: number[] = [];
  let next = 0;
  let meter: ReturnType<typeof cpuMeter> | undefined;
  const result = await measureThroughput(
    async () => {
      const base = bases[next++ % bases.length] ?? '';
      const started = performance.now();
      const status = await signIn(base);
      latencies.push(performance.now() - started);
      return status;
    },
    {
      seconds: SECONDS,
      concurrency: users,
      warmUpSeconds: 3,
      onMeasuring: () => {
        latencies.length = 0;
        meter = cpuMeter(
          servers.map((server) => server.child.pid),
          postgresPort,
        );
      },
    },
  );
  const cpu = meter?.(result.requests);
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
    ...cpu,
  };
}

// LOAD_SERVER: another build's main.mjs (`node server/build-server.ts <folder>`, a folder two levels below the
// project like dist/.server), to compare two versions of the server in turns on a shared machine.
const serverEntry = process.env.LOAD_SERVER ?? join(DEFAULT_SERVER_BUILD, SERVER_ENTRY);
const limits = {
  RATE_LIMIT_LOGIN_PER_IP: '1000000',
  RATE_LIMIT_LOGIN_PER_IDENTIFIER: '1000000',
  RATE_LIMIT_TOKEN_PER_IP: '1000000',
};
const MFA_ENCRYPTION_KEY = randomBytes(32).toString('base64');

/** `npm start`'s bundle with its V8 flags, on a free port; resolves once it answers /readyz. */
async function startServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const profiling = CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...startNodeFlags(), ...profiling, serverEntry], {
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

/**
 * LOAD_ARGON2=keycloak: the load account's password hashed again at Keycloak's settings, in the bench's
 * throwaway database only. Run after every server start: a start may seed the demo accounts again.
 */
async function hashLoadAccountForSettings(databaseUrl: string) {
  if (ARGON2_SETTINGS === PASSWORD_HASH_COST) return;
  const { default: postgres } = await import('postgres');
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const passwordHash = await hash(PASSWORD, { algorithm: 2 as Algorithm, ...ARGON2_SETTINGS });
  await sql`update users set password_hash = ${passwordHash} where email = 'ada@example.com'`;
  await sql.end();
}

const argonReference = await hash(PASSWORD, { algorithm: 2 as Algorithm, ...ARGON2_SETTINGS });
/** Raw argon2id verifies (4 concurrent, libuv's default threadpool) and their CPU cost, in this process. */
async function measureArgon2() {
  const before = process.cpuUsage();
  const measured = await measureThroughput(
    async () => {
      await verify(argonReference, PASSWORD);
      return 200;
    },
    { seconds: Math.min(SECONDS, 10), concurrency: 4, warmUpSeconds: 0 },
  );
  const { user, system } = process.cpuUsage(before);
  return {
    perSecond: measured.requestsPerSecond,
    cpuMsPerVerify: Number(((user + system) / 1000 / Math.max(1, measured.requests)).toFixed(1)),
  };
}

// The machine is shared and its speed drifts: the raw rate is measured before and after every run, and
// each run is compared with the mean of the two measurements beside it.
const argonRuns = [await measureArgon2()];
const rows: Record<string, unknown>[] = [];
async function record(setup: string, run: () => ReturnType<typeof measureSignIns>) {
  const { cpuMsPerSignIn, ...measured } = await run();
  const before = argonRuns.at(-1) ?? { perSecond: 0, cpuMsPerVerify: 0 };
  const after = await measureArgon2();
  argonRuns.push(after);
  const argon2PerSecond = (before.perSecond + after.perSecond) / 2;
  const row = {
    setup,
    ...measured,
    argon2PerSecond,
    ratioToArgon2: Number((measured.signInsPerSecond / argon2PerSecond).toFixed(2)),
    argon2CpuMs: (before.cpuMsPerVerify + after.cpuMsPerVerify) / 2,
    ...cpuMsPerSignIn,
  };
  rows.push(row);
  console.log(JSON.stringify(row));
}

// The PGlite database lives inside the server process, where the bench cannot re-hash the account.
if (SETUPS.has('pglite') && ARGON2_SETTINGS !== PASSWORD_HASH_COST)
  console.log('LOAD_ARGON2=keycloak: the PGlite run is skipped (its database is inside the server).');
else if (SETUPS.has('pglite')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-load-'));
  try {
    const pglite = await startServer({ DATA_DIR: dataDir });
    for (const users of USERS) await record('1 process, PGlite', () => measureSignIns([pglite], users));
    await stop([pglite.child]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (SETUPS.has('postgres') || SETUPS.has('postgres-3')) {
  const cluster = await startPostgresCluster();
  try {
    const env = { DATABASE_URL: cluster.urlFor('postgres'), SEED_DEMO: 'on' };
    const first = await startServer(env);
    await hashLoadAccountForSettings(env.DATABASE_URL);
    if (SETUPS.has('postgres'))
      for (const users of USERS)
        await record('1 process, PostgreSQL', () => measureSignIns([first], users, cluster.port));
    if (SETUPS.has('postgres-3')) {
      const more = await Promise.all([startServer(env), startServer(env)]);
      await hashLoadAccountForSettings(env.DATABASE_URL);
      const all = [first, ...more];
      for (const users of USERS)
        await record('3 processes, PostgreSQL', () => measureSignIns(all, users, cluster.port));
      await stop(more.map((server) => server.child));
    }
    await stop([first.child]);
  } finally {
    cluster.destroy();
  }
}

const summary = {
  machine: `${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`,
  seconds: SECONDS,
  argon2: ARGON2_SETTINGS,
  argon2Runs: argonRuns,
  runs: rows,
};
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/load.json', `${JSON.stringify(summary, null, 2)}\n`);
console.table(rows);
console.log(
  `argon2id ${JSON.stringify(ARGON2_SETTINGS)} verifies per second (4 concurrent), before and after each run:`,
  argonRuns.map((run) => run.perSecond).join(', '),
  `; ${summary.machine}`,
);
