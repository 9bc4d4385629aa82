// The bench's start-up times (issue 36 "Ready in half a second"): the bundle `npm start` runs, spawned
// `rounds` times on a new data folder and restarted on it each time, timed from the spawn to the first 200
// from /api/config/parameters. Fresh and existing starts alternate, so a busy moment of the machine lands
// on both; the medians are reported with their spread, and the in-process phases (startup-marks.mjs) of
// the median run.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stop, waitUntilReady } from './processes.ts';

const MARKS = new URL('./startup-marks.mjs', import.meta.url).pathname;

export interface StartupTimes {
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** The median run's phases: milliseconds from the process's start to each `foyer:*` mark. */
  phases: Record<string, number>;
}

interface Options {
  root: string;
  entry: string;
  nodeFlags: string[];
  port: string;
  rounds?: number;
}

export async function measureStartup({ root, entry, nodeFlags, port, rounds = 5 }: Options) {
  const origin = `http://127.0.0.1:${port}`;
  const runs = { fresh: [] as Run[], existing: [] as Run[] };
  for (let round = 0; round < rounds; round += 1) {
    const dataDir = mkdtempSync(join(tmpdir(), 'foyer-bench-start-'));
    const env = { PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_ORIGIN: origin };
    runs.fresh.push(await startOnce(root, [...nodeFlags, '--import', MARKS, entry], env, origin));
    runs.existing.push(await startOnce(root, [...nodeFlags, '--import', MARKS, entry], env, origin));
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { fresh: summary(runs.fresh), existing: summary(runs.existing) };
}

interface Run {
  ms: number;
  phases: Record<string, number>;
}

async function startOnce(root: string, args: string[], env: Record<string, string>, origin: string) {
  const spawnedAt = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk) => {
    printed += String(chunk);
  });
  await waitUntilReady(`${origin}/api/config/parameters?clientId=demo-app&brandId=1210`, 60_000, 5);
  const ms = Math.round(performance.now() - spawnedAt);
  await stop(child);
  const phases = /startup-phases (\{.*\})/.exec(printed)?.[1];
  return { ms, phases: phases ? (JSON.parse(phases) as Record<string, number>) : {} };
}

function summary(runs: Run[]): StartupTimes {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  const median = sorted[Math.floor(sorted.length / 2)] as Run;
  return {
    medianMs: median.ms,
    minMs: (sorted[0] as Run).ms,
    maxMs: (sorted.at(-1) as Run).ms,
    phases: median.phases,
  };
}
