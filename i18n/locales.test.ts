import { describe, expect, it } from 'vitest';
import { REAL_LOCALES } from '../api/contract/locales.ts';
import { chooseLocale, localeInfo, pageLocale } from './locales.ts';

const all = [...REAL_LOCALES];

describe('chooseLocale', () => {
  it.each([
    ['de-DE', 'de_DE'],
    ['de_DE', 'de_DE'],
    ['fr', 'fr_FR'],
    ['fr-CA', 'fr_CA'],
    ['fr-BE', 'fr_FR'],
    ['de-AT', 'de_DE'],
    ['zh', 'zh_CN'],
    ['zh-Hant', 'zh_TW'],
    ['zh-HK', 'zh_HK'],
    ['zh-SG', 'zh_CN'],
    ['es', 'es_ES'],
    ['es-MX', 'es_419'],
    ['es-US', 'es_419'],
    ['pt', 'pt_BR'],
    ['pt-PT', 'pt_PT'],
    ['en', 'en_US'],
    ['en-IE', 'en_US'],
    ['ru-RU', 'ru'],
    ['ja', 'ja_JP'],
  ])('%s → %s', (candidate, localeId) => {
    expect(chooseLocale([candidate], all)).toBe(localeId);
  });

  it('takes the first candidate the offer serves, skipping malformed and unserved ones', () => {
    expect(chooseLocale(['!!', 'nb-NO', 'sv', 'de'], all)).toBe('sv_SE');
    expect(chooseLocale(['de-DE', 'en'], ['en_GB'])).toBe('en_GB');
    expect(chooseLocale(['xx-YY', '<script>', ''], all)).toBeUndefined();
  });

  it('matches a pseudo locale only by its own name', () => {
    expect(chooseLocale(['en-XB'], ['en_US', 'rc_XX'])).toBe('rc_XX');
    expect(chooseLocale(['rc_XX'], ['en_US', 'rc_XX'])).toBe('rc_XX');
    expect(chooseLocale(['en-XA'], ['en_US'])).toBeUndefined();
    expect(chooseLocale(['en'], ['en_ZZ', 'en_GB'])).toBe('en_GB');
  });
});

describe('pageLocale', () => {
  const request = { uiLocales: [], localeId: undefined, browserLanguages: [], offered: all };

  it('ui_locales wins over localeId, localeId over the browser', () => {
    expect(
      pageLocale({ ...request, uiLocales: ['ja', 'fr'], localeId: 'de_DE', browserLanguages: ['ko'] }),
    ).toBe('ja_JP');
    expect(pageLocale({ ...request, uiLocales: ['xx'], localeId: 'de_DE', browserLanguages: ['ko'] })).toBe(
      'de_DE',
    );
    expect(pageLocale({ ...request, browserLanguages: ['ko-KR', 'en'] })).toBe('ko_KR');
  });

  it('asks the browser only when the address names no locale the product knows', () => {
    expect(pageLocale({ ...request, localeId: 'zz_ZZ', browserLanguages: ['ko'] })).toBe('ko_KR');
    // 7710 offers British English alone: a German address gets it, whatever the browser prefers.
    expect(
      pageLocale({ ...request, localeId: 'de_DE', browserLanguages: ['en-AU'], offered: ['en_GB'] }),
    ).toBe('en_GB');
  });

  it('falls back to en_US where offered, else the brand’s own first locale', () => {
    expect(pageLocale({ ...request, browserLanguages: ['nb'] })).toBe('en_US');
    expect(pageLocale({ ...request, offered: ['en_CA', 'fr_CA'] })).toBe('en_CA');
    expect(pageLocale({ ...request, browserLanguages: ['fr-FR'], offered: ['en_CA', 'fr_CA'] })).toBe(
      'fr_CA',
    );
    expect(pageLocale({ ...request, offered: [] })).toBe('en_US');
  });

  it('serves a pseudo locale the address names, listed or not', () => {
    expect(pageLocale({ ...request, uiLocales: ['en-XB'], offered: ['en_GB'] })).toBe('rc_XX');
    expect(pageLocale({ ...request, localeId: 'en_ZZ', offered: ['en_GB'] })).toBe('en_ZZ');
  });
});

describe('localeInfo', () => {
  it('names each locale in its own language, capitalised, from Intl.DisplayNames', () => {
    expect(localeInfo('de_DE')).toEqual({
      localeCode: 'de_DE',
      localeName: 'Deutsch',
      titleName: 'Deutsch (Deutschland)',
    });
    expect(localeInfo('fr_CA')).toEqual({
      localeCode: 'fr_CA',
      localeName: 'Français',
      titleName: 'Français (Canada)',
    });
    expect(localeInfo('ja_JP').localeName).toBe('日本語');
    for (const localeId of all) expect(localeInfo(localeId).titleName.length).toBeGreaterThan(1);
  });

  it('names the pseudo locales so that neither passes for English, even listed alone', () => {
    const english = localeInfo('en_US').localeName;
    const bidi = localeInfo('rc_XX');
    const accents = localeInfo('en_ZZ');
    for (const info of [bidi, accents]) {
      expect(info.localeName).not.toBe(english);
      expect(info.localeName).toBe(info.titleName);
      expect(info.localeName).toMatch(/^English \(Pseudo-/);
    }
    expect(bidi.localeName).toMatch(/Bidi/);
    expect(accents.localeName).toMatch(/Accents/);
    expect(bidi.localeName).not.toBe(accents.localeName);
  });
});
