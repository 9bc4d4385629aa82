import { describe, expect, it } from 'vitest';
import { acceptedLanguages, requestLocale } from './request-locale.ts';
import { serverText } from './server-text.ts';

describe('serverText', () => {
  it('formats the server’s messages with ICU in the locale: plurals, dates, arguments', () => {
    const { t, languageTag } = serverText('en_US');
    expect(languageTag).toBe('en-US');
    expect(t('delivery.code.text', { brandName: 'Orvalle', code: '012345', minutes: 1 })).toBe(
      'Your Orvalle security code is 012345. It expires in 1 minute.',
    );
    expect(t('delivery.link.expiresInHours', { hours: 2 })).toBe(
      'The link works once and expires in 2 hours.',
    );
    expect(
      t('unsupported.ie11', {
        supportEnded: new Date('2021-08-17T00:00:00Z'),
        noticeEnded: new Date('2022-06-15T00:00:00Z'),
      }),
    ).toContain('August 17, 2021');
  });

  it('speaks each locale of the spec, and en_US for an unknown or missing one', () => {
    expect(serverText('de_DE').languageTag).toBe('de-DE');
    expect(serverText('de_DE').t('delivery.notYou')).not.toBe(serverText('en_US').t('delivery.notYou'));
    expect(serverText('xx_YY').localeId).toBe('en_US');
    expect(serverText(undefined).localeId).toBe('en_US');
    expect(serverText('__proto__').localeId).toBe('en_US');
  });
});

describe('acceptedLanguages', () => {
  it('orders by q, keeps the header’s order among equals, and drops q=0, * and junk', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
    ]);
    expect(acceptedLanguages('en;q=0.1, ja, ko;q=0')).toEqual(['ja', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages(';;;, ,q=2')).toEqual(['q=2']);
  });
});

describe('requestLocale', () => {
  it('takes the address’s ui_locales and localeId first, then Accept-Language, then en_US', () => {
    const address = (query: string) => new URL(`http://localhost/?${query}#/enterCredential`);
    expect(requestLocale(address('ui_locales=ja&localeId=de_DE'), 'fr')).toBe('ja_JP');
    expect(requestLocale(address('localeId=de_DE'), 'fr')).toBe('de_DE');
    expect(requestLocale(address('clientId=x'), 'fr-FR,fr;q=0.9')).toBe('fr_FR');
    expect(requestLocale(undefined, 'pt-PT')).toBe('pt_PT');
    expect(requestLocale(undefined, 'tlh')).toBe('en_US');
  });
});
