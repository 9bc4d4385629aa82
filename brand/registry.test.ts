import { afterEach, describe, expect, it, vi } from 'vitest';
import { brand1210 } from './brands/brand-1210.ts';
import { brand7310 } from './brands/brand-7310.ts';
import { brand7710 } from './brands/brand-7710.ts';
import { deriveDarkTheme, withDarkTheme } from './darkTheme.ts';
import { DEFAULT_BRAND_ID, getBrand, loadBrandTokens, specBrandIds } from './registry.ts';
import { themeStyleOf } from './runtimeTheme.ts';
import { vars } from './theme.css.ts';
import { colourNames } from './tokens.ts';

afterEach(() => vi.doUnmock('./brands/brand-2030.ts'));

describe('getBrand', () => {
  it('returns the default brand synchronously, loaded or not', () => {
    expect(getBrand('1210')).toBe(brand1210);
  });

  it('gives a spec brand whose tokens are not loaded the default look but keeps its id', () => {
    const brand = getBrand('4910');
    expect(brand.brandId).toBe('4910');
    expect(brand.displayName).toBe(brand1210.displayName);
    expect(brand.theme).toBe(brand1210.theme);
  });

  it('returns a brand’s own tokens once loadBrandTokens has loaded them', async () => {
    expect(getBrand('7310').theme).toBe(brand1210.theme);
    // The token file, with the dark palette derived from it (brand/darkTheme.ts) on loading.
    const loaded7310 = await loadBrandTokens('7310');
    expect(loaded7310).toEqual(withDarkTheme(brand7310));
    expect(loaded7310.themes?.dark).toEqual(deriveDarkTheme(brand7310.theme));
    expect(getBrand('7310')).toBe(loaded7310);
    const loaded7710 = await loadBrandTokens('7710');
    expect(loaded7710).toEqual(withDarkTheme(brand7710));
    expect(getBrand('7710')).toBe(loaded7710);
  });

  it.each([undefined, '', '9999', 'toString', '__proto__'])(
    'falls back to the default brand for %j',
    async (brandId) => {
      if (brandId !== undefined) await expect(loadBrandTokens(brandId)).resolves.toBe(brand1210);
      expect(getBrand(brandId)).toBe(brand1210);
      expect(getBrand(brandId).brandId).toBe(DEFAULT_BRAND_ID);
    },
  );
});

describe('loadBrandTokens', () => {
  it('loads a token file for every spec brand', async () => {
    for (const id of specBrandIds) expect((await loadBrandTokens(id)).brandId).toBe(id);
  });

  it('rejects when a brand chunk fails to load, caches nothing, and getBrand keeps the default look', async () => {
    vi.resetModules();
    vi.doMock('./brands/brand-2030.ts', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const fresh = await import('./registry.ts');
    await expect(fresh.loadBrandTokens('2030')).rejects.toThrow();
    expect(fresh.getBrand('2030').brandId).toBe('2030');
    expect(fresh.getBrand('2030').theme).toBe(fresh.getBrand('1210').theme);
  });
});

describe('themeStyleOf', () => {
  it('needs no runtime values for the default look', () => {
    expect(themeStyleOf(brand1210.theme)).toBeUndefined();
  });

  it('sets the contract’s colour, font and radius properties to the brand’s values', () => {
    const style = themeStyleOf(brand7710.theme) ?? {};
    const property = (reference: string) => reference.slice('var('.length, -1) as `--${string}`;
    // runtimeTheme.ts names the properties by their place in the contract: each must be the contract's.
    for (const name of colourNames)
      expect(style[property(vars.color[name])]).toBe(brand7710.theme.colours[name]);
    expect(style[property(vars.font.body)]).toBe(brand7710.theme.fonts.body);
    expect(style[property(vars.font.heading)]).toBe(brand7710.theme.fonts.heading);
    expect(style[property(vars.radius.s)]).toBe(brand7710.theme.radii.s);
    expect(style[property(vars.radius.m)]).toBe(brand7710.theme.radii.m);
    expect(style[property(vars.radius.l)]).toBe(brand7710.theme.radii.l);
    expect(Object.keys(style).length).toBe(13 + 2 + 3);
    for (const name of Object.keys(style)) expect(name).toMatch(/^--[\w-]+$/);
  });
});
