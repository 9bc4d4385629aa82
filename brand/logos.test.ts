import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrast } from './colour.ts';
import { withDarkTheme } from './darkTheme.ts';
import { loadBrandTokens, specBrandIds } from './registry.ts';
import type { BrandImage, BrandTokens } from './tokens.ts';

// The logos brand/generate-logos.ts draws, held to what the token files say about them.
const brands = (await Promise.all(specBrandIds.map((id) => loadBrandTokens(id)))).map(withDarkTheme);

/** The file an image's URL names (Vitest serves brand/assets/ as Vite does; it runs from the root). */
const fileOf = (image: BrandImage) =>
  readFileSync(`brand/assets/${/[\w-]+\.svg$/.exec(image.src)?.[0]}`, 'utf8');

/** The colours the wordmark (the name, apart from the mark) is drawn in. */
function wordmarkFills(svg: string): string[] {
  const wordmark = /<g id="wordmark">(.*?)<\/g>/s.exec(svg)?.[1] ?? '';
  return [...wordmark.matchAll(/fill="(#[0-9A-Fa-f]{6})"/g)].map((match) => match[1] ?? '');
}

const images = (tokens: BrandTokens) =>
  [
    ['logo', tokens.logo],
    ['logoOnDark', tokens.logoOnDark],
  ].filter((entry): entry is [string, BrandImage] => entry[1] !== undefined);

const darkColours = (tokens: BrandTokens) => {
  const dark = tokens.themes?.dark?.colours;
  if (!dark) throw new Error(`brand ${tokens.brandId} has no dark palette`);
  return dark;
};

describe.each(brands)('brand $brandId logos', (tokens) => {
  it.each(images(tokens))('%s draws its name without a font, at the size its token gives', (_, image) => {
    const svg = fileOf(image);
    // A font the visitor lacks changed the name's width: every letter is a path.
    expect(svg).not.toMatch(/<text|<tspan|font-|<style|@font-face/i);
    const root = /<svg[^>]*>/.exec(svg)?.[0] ?? '';
    expect(root).toContain(` width="${image.width}" height="${image.height}"`);
    expect(root).toContain(` viewBox="0 0 ${image.width} ${image.height}"`);
    expect(root).toContain('role="img"');
    expect(svg).toContain(`<title id="title">${tokens.displayName}</title>`);
    expect(wordmarkFills(svg).length).toBeGreaterThan(0);
  });

  it('has a wordmark that reads on its light page', () => {
    const { background, surface } = tokens.theme.colours;
    for (const fill of wordmarkFills(fileOf(tokens.logo))) {
      expect(contrast(fill, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(fill, surface)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('has a twin for dark surfaces, the same size, when its wordmark would vanish on them', () => {
    const { background, surface } = darkColours(tokens);
    const fades = wordmarkFills(fileOf(tokens.logo)).some((fill) => contrast(fill, background) < 4.5);
    if (!fades) return;
    const onDark = tokens.logoOnDark;
    expect(onDark, 'logoOnDark').toBeDefined();
    if (!onDark) return;
    expect(onDark.src).not.toBe(tokens.logo.src);
    expect([onDark.width, onDark.height]).toEqual([tokens.logo.width, tokens.logo.height]);
    for (const fill of wordmarkFills(fileOf(onDark))) {
      expect(contrast(fill, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(fill, surface)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
