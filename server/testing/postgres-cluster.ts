/**
 * Test support (not a test): a throwaway PostgreSQL cluster from Debian's `postgresql` package, in a
 * temporary folder, owned by an unprivileged user (PostgreSQL refuses to run as root: under root the
 * cluster belongs to the package's `postgres` user). It listens on loopback only, on a free port, trusts
 * local connections, and is deleted when stopped. Used by the server tests' PostgreSQL run
 * (test/server/postgres.setup.ts) and by the multi-process tests.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PostgresCluster {
  /** postgres://foyer@127.0.0.1:<port>/<database> */
  urlFor(database: string): string;
  port: number;
  /** Stops the server (fast shutdown), keeping the folder: start() brings it back (fault tests). */
  stop(): void;
  start(): void;
  /** Stops the server and deletes the folder. */
  destroy(): void;
}

/** The folder of Debian's PostgreSQL binaries (the newest installed major), or a clear error. */
export function postgresBinaries(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const [newest] = majors;
  if (!newest)
    throw new Error(
      "PostgreSQL is not installed: the server tests' PostgreSQL run needs Debian's package " +
        '(apt-get install -y postgresql; .ci/run installs it).',
    );
  return join(root, newest, 'bin');
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });

const isRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL binary as the cluster's owner (the `postgres` user when this process is root). */
function runAsOwner(bin: string, args: string[]) {
  const [command, commandArgs] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', cwd: tmpdir() });
  if (result.status !== 0)
    throw new Error(`${bin} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinaries();
  const folder = mkdtempSync(join(tmpdir(), 'foyer-pg-'));
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(folder, uid, gid);
  }
  const data = join(folder, 'data');
  const port = await freePort();
  runAsOwner(join(bin, 'initdb'), ['-D', data, '-U', 'foyer', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const options = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${folder}'`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  const start = () =>
    runAsOwner(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(folder, 'log'), '-w', 'start']);
  const stop = () => runAsOwner(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  let running = true;
  return {
    port,
    urlFor: (database) => `postgres://foyer@127.0.0.1:${port}/${database}`,
    stop() {
      if (running) stop();
      running = false;
    },
    start() {
      if (!running) start();
      running = true;
    },
    destroy() {
      try {
        if (running) stop();
      } finally {
        running = false;
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
