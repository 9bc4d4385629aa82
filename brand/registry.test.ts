import { describe, expect, it } from 'vitest';
import { isSafeUrl } from '../api/url.ts';
import { brand1210 } from './brands/brand-1210.ts';
import { brand7710 } from './brands/brand-7710.ts';
import { DEFAULT_BRAND_ID, getBrand, specBrandIds, themeClassOf } from './registry.ts';

describe('getBrand', () => {
  it('returns the token file of a brand that has one', () => {
    expect(getBrand('1210')).toBe(brand1210);
    expect(getBrand('7710')).toBe(brand7710);
  });

  it('gives a spec brand without tokens the default look but keeps its id', () => {
    const brand = getBrand('7310');
    expect(brand.brandId).toBe('7310');
    expect(brand.displayName).toBe(brand1210.displayName);
    expect(brand.theme).toBe(brand1210.theme);
  });

  it.each([undefined, '', '9999', 'toString', '__proto__'])(
    'falls back to the default brand for %j',
    (brandId) => {
      expect(getBrand(brandId)).toBe(brand1210);
      expect(getBrand(brandId).brandId).toBe(DEFAULT_BRAND_ID);
    },
  );
});

describe('themeClassOf', () => {
  it('gives each brand with tokens its own class and everything else the default class', () => {
    expect(themeClassOf('7710')).not.toBe(themeClassOf('1210'));
    expect(themeClassOf('3420')).toBe(themeClassOf('1210'));
    expect(themeClassOf(undefined)).toBe(themeClassOf('1210'));
    expect(themeClassOf('hasOwnProperty')).toBe(themeClassOf('1210'));
    expect(themeClassOf('1210')).toMatch(/\S/);
  });
});

describe('brand token files', () => {
  it.each([brand1210, brand7710])('$brandId: every link is safe and fictional', (brand) => {
    const urls = [...Object.values(brand.links), brand.signUpUrl].filter((url) => url !== undefined);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect(isSafeUrl(url)).toBe(true);
      expect(new URL(url).hostname).toMatch(/(^|\.)example\.com$/);
    }
  });

  it.each([brand1210, brand7710])('$brandId: is a spec brand id with an E.164 support number', (brand) => {
    expect(specBrandIds).toContain(brand.brandId);
    expect(brand.supportPhone).toMatch(/^\+[1-9]\d{6,14}$/);
  });

  it('1210 is a US toll-free number in the fictional 555 range', () => {
    expect(brand1210.supportPhone).toMatch(/^\+18(00|88|77|66|55|44|33)555\d{4}$/);
  });

  it('7710 carries every link of its UK footer', () => {
    expect(Object.keys(brand7710.links)).toEqual(
      expect.arrayContaining([
        'contact',
        'privacy',
        'termsOfUse',
        'codesOfPractice',
        'complaints',
        'terms',
        'feedback',
      ]),
    );
  });

  it('the two brands look clearly different', () => {
    expect(brand7710.theme.colours.brand).not.toBe(brand1210.theme.colours.brand);
    expect(brand7710.theme.colours.background).not.toBe(brand1210.theme.colours.background);
    expect(brand7710.logo).not.toBe(brand1210.logo);
  });
});
