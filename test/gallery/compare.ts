import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { type Shot, shotPath } from './matrix.ts';

/** The accepted pictures (`npm run gallery -- --update` writes them). */
export const BASELINES = fileURLToPath(new URL('./baselines/', import.meta.url));
/** Where a run that differs leaves its pictures and their differences (gitignored). */
export const DIFFS = fileURLToPath(new URL('../../test-results/gallery-diff/', import.meta.url));

/**
 * pixelmatch's per-pixel colour distance (0–1) below which two pixels count as the same, and how many
 * differing pixels a picture may have. Font rendering and anti-aliasing are deterministic in one build
 * of Chromium on one machine; the small allowance absorbs sub-pixel rounding a layout change elsewhere
 * can cause, not a changed word or colour (a letter is hundreds of pixels).
 */
const COLOUR_THRESHOLD = 0.1;
const ALLOWED_PIXELS = 25;

export interface Difference {
  shot: Shot;
  reason: string;
}

/** Writes a picture as the accepted one. */
export async function writeBaseline(shot: Shot, png: Buffer) {
  const file = join(BASELINES, shotPath(shot));
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, png);
}

/**
 * Compares a picture with its baseline. On a difference it writes, under DIFFS, the new picture
 * (`….actual.png`) and one with the differing pixels in red over a faded copy (`….diff.png`).
 */
export async function compareWithBaseline(shot: Shot, png: Buffer): Promise<Difference | undefined> {
  const baseline = await readFile(join(BASELINES, shotPath(shot))).catch(() => undefined);
  if (!baseline) {
    await keep(shot, 'actual', png);
    return { shot, reason: 'no baseline (a new screen or combination: npm run gallery -- --update)' };
  }
  // Chromium encodes the same pixels to the same bytes: most pictures need no decoding at all.
  if (baseline.equals(png)) return undefined;
  const expected = PNG.sync.read(baseline);
  const actual = PNG.sync.read(png);
  const width = Math.max(expected.width, actual.width);
  const height = Math.max(expected.height, actual.height);
  const diff = new PNG({ width, height });
  const sameSize = expected.width === actual.width && expected.height === actual.height;
  const changed = pixelmatch(
    padded(expected, width, height),
    padded(actual, width, height),
    diff.data,
    width,
    height,
    { threshold: COLOUR_THRESHOLD },
  );
  if (sameSize && changed <= ALLOWED_PIXELS) return undefined;
  await keep(shot, 'actual', png);
  await keep(shot, 'diff', PNG.sync.write(diff));
  const size = sameSize
    ? ''
    : ` (size ${expected.width}×${expected.height} → ${actual.width}×${actual.height})`;
  return { shot, reason: `${changed} pixels differ${size}` };
}

/** The picture's pixels on a canvas of the given size, the rest transparent (pictures of different heights). */
function padded(image: PNG, width: number, height: number): Uint8Array {
  if (image.width === width && image.height === height) return image.data;
  const canvas = new Uint8Array(width * height * 4);
  for (let row = 0; row < image.height; row += 1)
    canvas.set(image.data.subarray(row * image.width * 4, (row + 1) * image.width * 4), row * width * 4);
  return canvas;
}

async function keep(shot: Shot, kind: 'actual' | 'diff', png: Buffer) {
  const file = join(DIFFS, shotPath(shot).replace(/\.png$/, `.${kind}.png`));
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, png);
}

/** One line per differing picture, grouped by screen, for a failure message or the command's output. */
export function describeDifferences(differences: readonly Difference[]) {
  return differences.map(({ shot, reason }) => `${shotPath(shot)}: ${reason}`).join('\n');
}

/** Every baseline on disk, as `<screen>/<combo>.png` (the paths shotPath gives). */
export async function listBaselines(): Promise<string[]> {
  const entries = await readdir(BASELINES, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((path) => path.endsWith('.png')).map((path) => path.split('\\').join('/'));
}
