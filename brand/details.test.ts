import { describe, expect, it } from 'vitest';
import type { PhoneNumberRecord } from '../api/contract/number.ts';
import { brand1210 } from './brands/brand-1210.ts';
import { assetFolderOf, assetLocaleOf, displaySupportNumber } from './details.ts';
import { withDetails, withTheme } from './withDetails.ts';

describe('asset folder (spec §7: {assetServiceLink}/{assetId})', () => {
  it.each([
    ['/brand-assets', '1210', '/brand-assets/1210'],
    ['/brand-assets/', '7710', '/brand-assets/7710'],
    ['https://assets.example.com/brands', 'abc123', 'https://assets.example.com/brands/abc123'],
  ])('%s + %s → %s', (assetServiceLink, assetId, folder) => {
    expect(assetFolderOf({ assetServiceLink, assetId })).toBe(folder);
  });

  it.each([
    ['a traversing asset id', '/brand-assets', '../secrets'],
    ['an asset id with a slash', '/brand-assets', '1210/x'],
    ['a protocol-relative link', '//evil.example/assets', '1210'],
    ['a javascript: link', 'javascript:alert(1)', '1210'],
    ['a plain http link', 'http://assets.example.com', '1210'],
    ['a relative link', 'brand-assets', '1210'],
  ])('refuses %s', (_, assetServiceLink, assetId) => {
    expect(assetFolderOf({ assetServiceLink, assetId })).toBeUndefined();
  });

  it('names locale files in BCP 47', () => {
    expect(assetLocaleOf('en_US')).toBe('en-US');
    expect(assetLocaleOf('es_419')).toBe('es-419');
  });
});

const parsed = (e164: string, callingCode: string, iso: string, national: string, international: string) =>
  ({
    originalString: e164,
    parsed: true,
    isValid: true,
    e164,
    countryCallingCode: callingCode,
    countryIsoCode: iso,
    formattedNational: national,
    formattedInternational: international,
  }) satisfies PhoneNumberRecord;

describe('support number display (spec §9)', () => {
  const tollFree = parsed('+18885550100', '1', 'US', '(888) 555-0100', '+1 888 555 0100');
  const ottawa = parsed('+16135550173', '1', 'CA', '(613) 555-0173', '+1 613 555 0173');
  const london = parsed('+448081570771', '44', 'GB', '0808 157 0771', '+44 808 157 0771');

  it.each([
    ['the default brand: its own toll-free number, national form', tollFree, '1210', 'US', '(888) 555-0100'],
    ['7310: +1 numbers as dash-separated groups', ottawa, '7310', 'CA', '1-613-555-0173'],
    ['7310 keeps other countries international', london, '7310', 'CA', '+44 808 157 0771'],
    ['a UK brand: national form', london, '7710', 'GB', '0808 157 0771'],
    ['a number of another country: international form', london, '1210', 'US', '+44 808 157 0771'],
  ])('%s', (_, record, brandId, country, shown) => {
    expect(displaySupportNumber(record, brandId, country)).toBe(shown);
  });

  it('shows an unreadable number as it was given', () => {
    expect(displaySupportNumber({ originalString: '0800-HELP', parsed: false }, '1210', 'US')).toBe(
      '0800-HELP',
    );
  });
});

describe('withDetails', () => {
  it('keeps the token file without details', () => {
    expect(withDetails(brand1210, undefined)).toBe(brand1210);
  });

  it('lets the asset files name the brand, its years, number and pages, keeping the look', () => {
    const shown = withDetails(brand1210, {
      displayName: 'Orvalle Connect (asset)',
      launchYear: 2001,
      supportPhone: '+18885550100',
      supportPhoneText: '(888) 555-0100',
      links: { legal: 'https://orvalle.example.com/en-US/legal' },
    });
    expect(shown).toMatchObject({
      displayName: 'Orvalle Connect (asset)',
      shortDisplayName: brand1210.shortDisplayName,
      launchYear: 2001,
      supportPhone: '+18885550100',
      supportPhoneText: '(888) 555-0100',
      theme: brand1210.theme,
      logo: brand1210.logo,
    });
    expect(shown.links).toEqual({ ...brand1210.links, legal: 'https://orvalle.example.com/en-US/legal' });
  });
});

describe('withTheme (spec §2 theme, §3 themeDict)', () => {
  it.each(['light', 'dark'] as const)('wears the theme the address names on a %s system', (system) => {
    expect(withTheme(brand1210, 'dark', system).theme).toBe(brand1210.themes?.dark);
    expect(withTheme(brand1210, 'light', system).theme).toBe(brand1210.theme);
  });

  it.each([
    ['no theme', undefined],
    ['auto', 'auto'],
    ['a theme the brand does not have', 'neon'],
    ['a name from the object prototype', 'constructor'],
  ])('follows the system for %s', (_, themeId) => {
    expect(withTheme(brand1210, themeId, 'light').theme).toBe(brand1210.theme);
    expect(withTheme(brand1210, themeId, 'dark').theme).toBe(brand1210.themes?.dark);
  });

  it('keeps the light look on a dark system for a brand without a dark palette', () => {
    const { themes: _, ...lightOnly } = brand1210;
    expect(withTheme(lightOnly, 'auto', 'dark').theme).toBe(brand1210.theme);
  });
});
