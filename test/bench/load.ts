import { Agent, request } from 'node:http';

/** One status per call: what the load loop counts as success (2xx) or failure. */
export type Send = () => Promise<number>;

/**
 * A bounded closed-loop load: `concurrency` workers send requests until `seconds` pass, after
 * `warmUpSeconds` of the same load that is not counted (JIT, connection set-up). Loopback only.
 * `onMeasuring` runs when the counted part starts (the caller resets its own meters there).
 */
export async function measureThroughput(
  send: Send,
  {
    seconds,
    concurrency,
    warmUpSeconds = 1,
    onMeasuring,
  }: { seconds: number; concurrency: number; warmUpSeconds?: number; onMeasuring?: () => void },
): Promise<{ requestsPerSecond: number; failures: number; requests: number }> {
  const run = async (duration: number) => {
    const deadline = performance.now() + duration * 1000;
    let requests = 0;
    let failures = 0;
    const worker = async () => {
      while (performance.now() < deadline) {
        const status = await send().catch(() => 0);
        requests += 1;
        if (status < 200 || status > 299) failures += 1;
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    return { requests, failures, elapsed: (performance.now() - started) / 1000 };
  };
  await run(warmUpSeconds);
  onMeasuring?.();
  const { requests, failures, elapsed } = await run(seconds);
  return { requestsPerSecond: Math.round(requests / elapsed), failures, requests };
}

// fetch() costs the load generator more CPU per request than a small server spends answering, which
// would make every route look as fast as the client; node:http with kept-alive sockets does not.
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** A request over a kept-alive socket that resolves with the status once the body is read. */
export function httpSend(url: string, init: { method?: string; body?: string; cookie?: string } = {}): Send {
  const target = new URL(url);
  const headers: Record<string, string> = {
    ...(init.body
      ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(init.body)) }
      : {}),
    ...(init.cookie ? { cookie: init.cookie } : {}),
  };
  return () =>
    new Promise((resolve, reject) => {
      const call = request(target, { method: init.method ?? 'GET', agent, headers }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      });
      call.on('error', reject);
      call.end(init.body);
    });
}
