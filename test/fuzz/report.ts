import type { EndpointStats, Failure } from './run.ts';

/** The run's numbers as the test prints them: per endpoint, then totals. */
export function statsTable(stats: ReadonlyMap<string, EndpointStats>, seconds: number): string {
  const totals = new Map<number, number>();
  let sent = 0;
  let signedIn = 0;
  let slowest = 0;
  const width = Math.max(...[...stats.keys()].map((key) => key.length));
  const lines = [...stats].map(([key, endpoint]) => {
    sent += endpoint.sent;
    signedIn += endpoint.signedIn;
    slowest = Math.max(slowest, endpoint.slowestMs);
    for (const [status, count] of endpoint.statuses) totals.set(status, (totals.get(status) ?? 0) + count);
    const ms = `${Math.round(endpoint.slowestMs)}`.padStart(7);
    return `  ${key.padEnd(width)}  ${String(endpoint.sent).padStart(6)}  ${ms}  ${histogram(endpoint.statuses)}`;
  });
  return [
    `  ${'endpoint'.padEnd(width)}  ${'bodies'.padStart(6)}  ${'max ms'.padStart(7)}  statuses`,
    ...lines,
    `  ${stats.size} endpoints, ${sent} bodies (${sent - signedIn} anonymous, ${signedIn} signed in) in ${seconds.toFixed(1)} s`,
    `  statuses: ${histogram(totals)}; slowest reply ${Math.round(slowest)} ms`,
  ].join('\n');
}

const histogram = (statuses: ReadonlyMap<number, number>) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');

/** What a developer needs to see and replay a failure. */
export function failureReport(failures: readonly Failure[], seed: number): string {
  return failures
    .slice(0, 12)
    .map(
      (failure) =>
        `${failure.endpoint} #${failure.index} (${failure.as}; ` +
        `${failure.mutations.join(', ') || 'valid-shaped'}): ${failure.problem}\n    ${failure.request}\n` +
        `    replay: FUZZ_SEED=${seed} FUZZ_ONLY='${failure.endpoint}' FUZZ_BODIES=${failure.index + 1} ` +
        'FUZZ_CONCURRENCY=1 npx vitest run --project fuzz',
    )
    .join('\n');
}
