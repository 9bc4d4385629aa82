// `npm run gallery`: draws every screen of the gallery (docs/gallery/README.md) with the built app and
// compares each picture with its baseline; `npm run gallery -- --update` accepts what it drew instead:
// the baselines are rewritten, stale ones removed, and docs/gallery/index.html written again.
// `--only <journey>[,<journey>]` draws only those journeys (neither removes baselines nor writes the index).
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { startHarness } from '../browser/harness.ts';
import {
  BASELINES,
  compareWithBaseline,
  DIFFS,
  type Difference,
  describeDifferences,
  listBaselines,
  writeBaseline,
} from './compare.ts';
import { writeIndex } from './indexPage.ts';
import { drawJourney, framesOf } from './journey.ts';
import { JOURNEYS } from './journeys/index.ts';
import { frameName, type Shot, shotPath } from './matrix.ts';

const args = process.argv.slice(2);
const update = args.includes('--update');
const onlyAt = args.indexOf('--only');
const only = onlyAt === -1 ? undefined : new Set((args[onlyAt + 1] ?? '').split(','));
const journeys = JOURNEYS.filter((journey) => !only || only.has(journey.name));
if (journeys.length === 0) throw new Error(`no journey named ${[...(only ?? [])].join(', ')}`);

const started = performance.now();
const harness = await startHarness();
const drawn: Shot[] = [];
const differences: Difference[] = [];
await rm(DIFFS, { recursive: true, force: true });
try {
  for (const journey of journeys)
    for (const frame of framesOf(journey)) {
      const began = performance.now();
      await drawJourney(harness, journey, frame, async (shot, png) => {
        drawn.push(shot);
        if (update) await writeBaseline(shot, png);
        else {
          const difference = await compareWithBaseline(shot, png);
          if (difference) differences.push(difference);
        }
      });
      await harness.recycle();
      console.log(`${journey.name} in ${frameName(frame)}: ${Math.round(performance.now() - began)} ms`);
    }
} finally {
  await harness.close();
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (update && !only) {
  const kept = new Set(drawn.map(shotPath));
  const stale = (await listBaselines()).filter((path) => !kept.has(path));
  for (const path of stale) await rm(join(BASELINES, path));
  await writeIndex();
  console.log(
    `${drawn.length} pictures written in ${seconds} s; ${stale.length} stale removed; docs/gallery/index.html`,
  );
} else if (update) {
  console.log(`${drawn.length} pictures written in ${seconds} s (index not rewritten: --only)`);
} else {
  console.log(`${drawn.length} pictures compared in ${seconds} s`);
  if (differences.length > 0) {
    console.log(
      `${differences.length} differ (pictures and differences in ${DIFFS}):\n${describeDifferences(differences)}`,
    );
    process.exitCode = 1;
  }
}
