import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { metricsFrom, readEnv } from '../env.ts';
import { enableMetrics } from './metrics.ts';
import { exportedMetricNames } from './metrics-registry.ts';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
/** A histogram is exported as one name and queried by its series' names. */
const seriesOf = (name: string) => name.replace(/_(bucket|sum|count)$/, '');
const METRIC = /\b(?:foyer|nodejs|process)_[a-z0-9_]+/g;

let exported: Set<string>;
beforeAll(async () => {
  exported = await exportedMetricNames(await enableMetrics());
});

describe('docs/grafana/foyer-dashboard.json', () => {
  const dashboard = JSON.parse(read('docs/grafana/foyer-dashboard.json')) as {
    panels: { title: string; targets: { expr: string }[] }[];
  };

  it('queries only metrics the registry exports', () => {
    const used = new Set(
      dashboard.panels.flatMap((panel) => panel.targets.flatMap((target) => target.expr.match(METRIC) ?? [])),
    );
    expect(used.size).toBeGreaterThan(10);
    expect([...used].map(seriesOf).filter((name) => !exported.has(name))).toEqual([]);
  });

  it('shows every foyer_ metric somewhere', () => {
    const shown = JSON.stringify(dashboard);
    const missing = [...exported].filter((name) => name.startsWith('foyer_') && !shown.includes(name));
    expect(missing).toEqual([]);
  });
});

describe('docs/operations.md', () => {
  const page = read('docs/operations.md');

  it('describes every foyer_ metric, and its alert rules use only exported ones', () => {
    const named = new Set((page.match(METRIC) ?? []).map(seriesOf));
    expect([...exported].filter((name) => name.startsWith('foyer_') && !named.has(name))).toEqual([]);
    expect([...named].filter((name) => !exported.has(name))).toEqual([]);
  });
});

describe('METRICS_PORT, METRICS_HOST and METRICS_TOKEN', () => {
  const parsed = (values: Record<string, string>) => metricsFrom(readEnv({ ...values }));

  it('mean no metrics at all when neither a port nor a token is set', () => {
    expect(parsed({})).toBeUndefined();
    expect(parsed({ METRICS_HOST: '0.0.0.0' })).toBeUndefined();
  });

  it('listen on HOST unless METRICS_HOST says otherwise', () => {
    expect(parsed({ METRICS_PORT: '9464', HOST: '0.0.0.0' })).toEqual({
      port: 9464,
      host: '0.0.0.0',
      token: undefined,
    });
    const token = 'x'.repeat(40);
    expect(parsed({ METRICS_TOKEN: token, METRICS_HOST: '10.0.0.5' })).toEqual({
      port: undefined,
      host: '10.0.0.5',
      token,
    });
  });

  it('refuse a short token, a token with spaces, and the public port', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => {
      throw new Error('exit');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const values of [
        { METRICS_TOKEN: 'short' },
        { METRICS_TOKEN: `${'x'.repeat(20)} ${'y'.repeat(20)}` },
        { METRICS_PORT: '8080', PORT: '8080' },
        { METRICS_PORT: 'ninety' },
      ]) {
        expect(() => readEnv(values)).toThrow('exit');
        expect(String(error.mock.lastCall?.[0])).toMatch(/METRICS_(TOKEN|PORT)/);
      }
    } finally {
      exit.mockRestore();
      error.mockRestore();
    }
  });
});
