import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files known to run far longer than their size suggests, started first. Without timings from an
 * earlier run (a clean clone has none) Vitest orders files by project name, then size: the sign-in
 * model test, a small file walking ~2 million transitions, came last and ran alone on one core at the
 * end of the run. The screenshot gallery (~300 pictures, test/browser/gallery.test.ts) is the browser
 * project's longest file.
 */
const LONG_RUNNING = ['test/model/signIn.model.test.ts', 'test/browser/gallery.test.ts'];

export default class LongRunningFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = LONG_RUNNING.findIndex((path) => spec.moduleId.endsWith(path));
      return at === -1 ? LONG_RUNNING.length : at;
    };
    // Array.prototype.sort is stable: every other file keeps Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
