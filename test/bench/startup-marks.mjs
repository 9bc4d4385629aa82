// node --import ./test/bench/startup-marks.mjs dist/.server/main.mjs: prints the server's start-up phases
// (the `foyer:*` performance marks of server/main.ts, start.ts and db/client.ts) when it is ready, as one
// line `startup-phases {"env":…}` of milliseconds since the process started. Plain JavaScript, so loading it
// costs no type-stripping set-up; test/bench/startup.ts reads the line.
import { PerformanceObserver } from 'node:perf_hooks';

const marks = {};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.name.startsWith('foyer:')) continue;
    marks[entry.name.slice('foyer:'.length)] = Math.round(entry.startTime);
    if (entry.name === 'foyer:ready') process.stdout.write(`startup-phases ${JSON.stringify(marks)}\n`);
  }
}).observe({ entryTypes: ['mark'] });
