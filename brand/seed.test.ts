import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isSafeUrl } from '../api/url.ts';
import { SEED_BRANDS } from '../server/db/seed-brands.ts';
import { brand1210 } from './brands/brand-1210.ts';
import { loadBrandTokens, specBrandIds } from './registry.ts';

// The SPA's token files and the server's seed describe the same brands; this keeps them from drifting.
const brands = await Promise.all(
  SEED_BRANDS.map(async (seed) => ({ seed, tokens: await loadBrandTokens(seed.id) })),
);

describe('brand token files against the server seed', () => {
  it('cover exactly the spec brand ids, as the seed does', () => {
    expect(SEED_BRANDS.map((seed) => seed.id).sort()).toEqual([...specBrandIds].sort());
    expect(new Set(brands.map(({ tokens }) => tokens.brandId)).size).toBe(specBrandIds.length);
  });

  it.each(brands.map(({ seed, tokens }) => [seed.id, seed, tokens] as const))(
    '%s: names, launch year, support number and sign-up page match',
    (id, seed, tokens) => {
      expect(tokens.brandId).toBe(id);
      expect(tokens.displayName).toBe(seed.name);
      expect(tokens.shortDisplayName).toBe(seed.shortName);
      expect(tokens.launchYear).toBe(seed.launchYear);
      expect(tokens.supportPhone).toBe(seed.supportNumber);
      expect(tokens.signUpUrl).toBe(seed.signupUrl ?? undefined);
    },
  );

  it.each(brands.map(({ seed, tokens }) => [seed.id, seed, tokens] as const))(
    '%s: every link is a safe page on the brand website',
    (_id, seed, tokens) => {
      const urls = Object.values(tokens.links);
      expect(urls.length).toBeGreaterThanOrEqual(2);
      for (const url of urls) {
        expect(isSafeUrl(url)).toBe(true);
        expect(url.startsWith(`${seed.websiteUrl}/`)).toBe(true);
        expect(new URL(url).hostname).toMatch(/\.example\.com$/);
      }
    },
  );

  it('gives brand 0, the default display, the default look', () => {
    const brand0 = brands.find(({ seed }) => seed.id === '0')?.tokens;
    expect(brand0?.theme).toBe(brand1210.theme);
  });
});

/** The width and height an SVG file declares on its root element. */
function svgSize(path: string) {
  const root = /<svg[^>]*>/.exec(readFileSync(path, 'utf8'))?.[0] ?? '';
  return {
    width: Number(/ width="(\d+)"/.exec(root)?.[1]),
    height: Number(/ height="(\d+)"/.exec(root)?.[1]),
  };
}

describe('brand logos', () => {
  it.each(brands.map(({ seed, tokens }) => [seed.id, tokens] as const))(
    "%s: the logo's and banner's sizes are their files' own, so the page reserves their boxes exactly",
    (id, tokens) => {
      const { width, height } = tokens.logo;
      expect({ width, height }).toEqual(svgSize(`brand/assets/brand-${id}.svg`));
      expect(tokens.logo.src).toMatch(new RegExp(`brand-${id}\\.svg$`));
      if (!tokens.banner) return;
      const banner = /[\w-]+\.svg$/.exec(tokens.banner.src)?.[0];
      expect({ width: tokens.banner.width, height: tokens.banner.height }).toEqual(
        svgSize(`brand/assets/${banner}`),
      );
    },
  );

  it.each(specBrandIds)('brand-%s.svg is small and titled with the brand name', (id) => {
    // Vitest runs from the repository root; jsdom's import.meta.url is not a file URL.
    const svg = readFileSync(`brand/assets/brand-${id}.svg`, 'utf8');
    const seed = SEED_BRANDS.find((brand) => brand.id === id);
    // The name is outlined (brand/generate-logos.ts): 0.9–3.8 KB, about 1 KB gzip; a font's <text> was 0.5 KB.
    expect(Buffer.byteLength(svg)).toBeLessThan(4096);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain(`<title id="title">${seed?.name}</title>`);
    expect(svg).not.toMatch(/<script|href=|on\w+=/i);
  });
});
