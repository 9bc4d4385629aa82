/** A bounded closed-loop load: `concurrency` workers send requests until `seconds` pass. Loopback only. */
export async function measureThroughput(
  send: () => Promise<Response>,
  { seconds, concurrency }: { seconds: number; concurrency: number },
): Promise<{ requestsPerSecond: number; failures: number; requests: number }> {
  const deadline = performance.now() + seconds * 1000;
  let requests = 0;
  let failures = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const response = await send().catch(() => undefined);
      requests += 1;
      if (!response?.ok) failures += 1;
      await response?.arrayBuffer().catch(() => undefined);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return { requestsPerSecond: Math.round(requests / elapsed), failures, requests };
}
