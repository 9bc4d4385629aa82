// Prints the totals of every vitest JSON report under the given folder as 'N passed, N failed'.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = process.argv[2] ?? 'test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
// A file that fails to load runs no tests, so it is counted on its own rather than hidden.
let failedFiles = 0;
// No folder means the run stopped before any test runner (lint, type-check or diagram check failed).
const reports = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.json')) : [];
for (const file of reports) {
  const report = JSON.parse(readFileSync(join(folder, file), 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults?: { status: string; assertionResults: unknown[] }[];
  };
  // Other JSON in the folder (npm run bench writes bench.json there) is not a test report.
  if (!Array.isArray(report.testResults)) continue;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  failedFiles += report.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
}
const extras = [
  skipped ? `${skipped} skipped` : '',
  failedFiles ? `${failedFiles} file${failedFiles === 1 ? '' : 's'} failed to load` : '',
].filter(Boolean);
// Where the time went: each vitest run's wall time and, per project, its busy time over the workers.
for (const file of reports.filter((name) => name.startsWith('times-'))) {
  const times = JSON.parse(readFileSync(join(folder, file), 'utf8')) as {
    wallMs: number;
    projects: Record<string, { files: number; tests: number; busyMs: number }>;
  };
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const projects = Object.entries(times.projects).map(
    ([name, project]) =>
      `${name} ${seconds(project.busyMs)} busy (${project.files} files, ${project.tests} tests)`,
  );
  console.log(`vitest run ${seconds(times.wallMs)} wall: ${projects.join('; ')}`);
}
console.log([`${passed} passed`, `${failed} failed`, ...extras].join(', '));
