import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Writes test-results/times-<projects>.json: the run's wall time and, per vitest project, its files,
 * tests and busy time (setup, imports and tests of every file, summed over the workers), which
 * .ci/summary.ts prints so a slow project shows which it is (docs/testing.md).
 */
export default class ProjectTimes implements Reporter {
  private startedAt = Date.now();

  onInit() {
    this.startedAt = Date.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const projects: Record<string, { files: number; tests: number; busyMs: number }> = {};
    // Files that share a worker (isolate: false) share its environment too, and each reports the one
    // setup's duration: counted once per worker, not once per file.
    const sharedSetups = new Set<string>();
    for (const testModule of testModules) {
      const name = testModule.project.name || 'default';
      const diagnostic = testModule.diagnostic();
      const entry = projects[name] ?? { files: 0, tests: 0, busyMs: 0 };
      entry.files += 1;
      entry.tests += [...testModule.children.allTests()].length;
      const setup = `${name} ${diagnostic.environmentSetupDuration}`;
      const shared = testModule.project.config.isolate === false;
      const environmentMs = shared && sharedSetups.has(setup) ? 0 : diagnostic.environmentSetupDuration;
      if (shared) sharedSetups.add(setup);
      entry.busyMs += Math.round(
        environmentMs +
          diagnostic.prepareDuration +
          diagnostic.collectDuration +
          diagnostic.setupDuration +
          diagnostic.duration,
      );
      projects[name] = entry;
    }
    const names = Object.keys(projects).sort();
    if (names.length === 0) return;
    const folder = join(process.cwd(), 'test-results');
    mkdirSync(folder, { recursive: true });
    const report = { wallMs: Date.now() - this.startedAt, projects };
    writeFileSync(join(folder, `times-${names.join('+')}.json`), `${JSON.stringify(report, null, 2)}\n`);
  }
}
