// The bench's child processes: a free loopback port, waiting until a server answers, stopping one.
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Milliseconds until `url` first answers 200 (a start-up time the bench reports, so polled tightly). */
export async function waitUntilReady(url: string, timeoutMs = 60_000, pollMs = 20): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const response = await fetch(url).catch(() => undefined);
    if (response?.ok) return Math.round(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
