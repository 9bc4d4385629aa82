/**
 * Test support (not a test): Foyer's real server, several processes over one PostgreSQL database, each
 * on its own loopback port, driven by the same helpers as the in-process tests (an App stand-in that
 * sends each request over HTTP to one process).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { App } from '../../../server/app.ts';
import { ORIGIN } from '../../../server/testing/harness.ts';
import { freePort } from '../../../server/testing/postgres-cluster.ts';

const main = fileURLToPath(new URL('../../../server/main.ts', import.meta.url));
/** One key for every process: authenticator secrets sealed by one are opened by another. */
const MFA_ENCRYPTION_KEY = randomBytes(32).toString('base64');
/** And one key-encryption key: signing keys sealed by one process are opened by another. */
const KEY_ENCRYPTION_KEY = `test:${randomBytes(32).toString('base64')}`;

export interface ServerProcess {
  port: number;
  /** Requests to this process, as `app.request` takes them (paths relative to it). */
  app: App;
  /** Everything it printed, for failure messages and log checks. */
  output(): string;
  kill(signal?: NodeJS.Signals): void;
  exited: Promise<number | null>;
}

/**
 * Starts one process (`node server/main.ts`, as `npm start` runs the bundle) and waits until it answers
 * /healthz. Every process shares PUBLIC_ORIGIN (the issuer and the demo redirect URIs), as processes
 * behind one load balancer do.
 */
export async function startProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: ORIGIN,
      SEED_DEMO: 'on',
      MFA_ENCRYPTION_KEY,
      KEY_ENCRYPTION_KEY,
      DIST_DIR: '/nonexistent-dist',
      RATE_LIMIT_LOGIN_PER_IP: '100000',
      RATE_LIMIT_LOGIN_PER_IDENTIFIER: '100000',
      RATE_LIMIT_TOKEN_PER_IP: '100000',
      RATE_LIMIT_TWO_FACTOR_PER_IP: '100000',
      RATE_LIMIT_ACCOUNT_PER_IP: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk) => {
    printed += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    printed += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const app = {
    request: (path: string, init?: RequestInit) =>
      fetch(new URL(path, base), { ...init, redirect: 'manual' }),
  } as unknown as App;
  // Bounded: a process that has not answered in 30 s has failed to start.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answered = await fetch(`${base}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server on port ${port} did not start:\n${printed}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { port, app, output: () => printed, kill: (signal = 'SIGTERM') => child.kill(signal), exited };
}
