import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeNames } from '../../machines/routes.ts';
import {
  compareWithBaseline,
  DIFFS,
  type Difference,
  describeDifferences,
  listBaselines,
} from '../gallery/compare.ts';
import { drawJourney, framesOf } from '../gallery/journey.ts';
import { JOURNEYS } from '../gallery/journeys/index.ts';
import { comboName, frameName } from '../gallery/matrix.ts';
import { harnessPerFile } from './harness.ts';

/*
 * The screenshot gallery (docs/gallery/README.md): every screen drawn again in its frames and compared
 * with its baseline pixel by pixel. A picture that differs fails its journey's test, naming the
 * screen and combination; the new picture and a picture of the differences are left in
 * test-results/gallery-diff/. `npm run gallery -- --update` accepts a change.
 */
const harness = harnessPerFile();
beforeAll(() => rm(DIFFS, { recursive: true, force: true }));

/** The gallery's screens: each journey's, a route name or `route.variant`. */
const screens = JOURNEYS.flatMap((journey) => journey.screens);

describe('the gallery covers the route table', () => {
  it('draws with the fonts its baselines were drawn with (Noto CJK for ja_JP and the Chinese pages)', () => {
    // Without it, Japanese text is boxes whose shapes differ between machines: every ja_JP picture would
    // differ for a reason that is not the product's. `.ci/run` installs Debian's fonts-noto-cjk.
    const fonts = execFileSync('fc-list', [':lang=ja', 'family'], { encoding: 'utf8' });
    expect(fonts, 'apt-get install -y fonts-noto-cjk').toMatch(/Noto Sans CJK/);
  });

  it('every route of machines/routes.ts is drawn by a journey, and every screen by one journey only', () => {
    const drawnRoutes = new Set(screens.map((screen) => screen.split('.')[0]));
    expect(routeNames().filter((route) => !drawnRoutes.has(route))).toEqual([]);
    expect(screens.filter((screen, at) => screens.indexOf(screen) !== at)).toEqual([]);
    expect(
      screens.filter((screen) => !(routeNames() as string[]).includes(screen.split('.')[0] ?? '')),
    ).toEqual([]);
  });

  it('every baseline is a picture some journey draws (no stale baselines)', async () => {
    // The default brand's frames name their locales; the others show their brand's own.
    const expected = JOURNEYS.flatMap((journey) =>
      framesOf(journey).flatMap((frame) =>
        journey.screens.flatMap((screen) =>
          frame.locales.length > 0
            ? frame.locales.map((locale) => `${screen}/${comboName({ ...frame, locale })}.png`)
            : [`${screen}/${comboName({ ...frame, locale: '' })}`],
        ),
      ),
    );
    const stale = (await listBaselines()).filter(
      (path) => !expected.some((name) => (name.endsWith('.png') ? path === name : path.startsWith(name))),
    );
    expect(stale).toEqual([]);
  });
});

describe.each(JOURNEYS.map((journey) => [journey.name, journey] as const))('gallery: %s', (_, journey) => {
  it.each(framesOf(journey).map((frame) => [frameName(frame), frame] as const))(
    'in %s every picture matches its baseline',
    async (_name, frame) => {
      const differences: Difference[] = [];
      await drawJourney(harness(), journey, frame, async (shot, png) => {
        const difference = await compareWithBaseline(shot, png);
        if (difference) differences.push(difference);
      });
      expect(describeDifferences(differences), 'pictures that differ (test-results/gallery-diff/)').toBe('');
    },
    180_000,
  );
});
