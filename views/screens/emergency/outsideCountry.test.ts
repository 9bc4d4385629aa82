import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { REAL_LOCALES } from '../../../api/contract/locales.ts';
import { loadMessages } from '../../../i18n/messages.ts';

/**
 * "I'm outside {country}", its page's title and its disclaimer, for every country spec §3's E911
 * serves (docs/emergency-address.md): each language words "outside X" per country (article, case),
 * as `emergency.outsideCountry` selects on the country's ISO code.
 */
const SERVED = [
  'US',
  'AU',
  'AT',
  'BE',
  'CA',
  'FR',
  'DE',
  'IE',
  'IT',
  'LU',
  'MX',
  'NL',
  'NZ',
  'PL',
  'PT',
  'RO',
  'ES',
  'GB',
];

/**
 * Where a language's `other` phrase ("outside {name}") cannot be right for a served country, the
 * catalogue words that country itself: every one where the name changes (a case, a preposition that
 * contracts with its article), only those with an article elsewhere.
 */
const ownPhrase: Record<string, 'all' | readonly string[]> = {
  en_US: ['US', 'GB', 'NL'],
  en_GB: ['US', 'GB', 'NL'],
  en_AU: ['US', 'GB', 'NL'],
  en_CA: ['US', 'GB', 'NL'],
  es_ES: ['GB', 'NL'],
  es_419: ['GB', 'NL'],
  nl_NL: ['US', 'GB'],
  de_DE: 'all',
  fr_FR: 'all',
  fr_CA: 'all',
  it_IT: 'all',
  pt_BR: 'all',
  pt_PT: 'all',
  pl_PL: 'all',
  ro_RO: 'all',
  ru: 'all',
  fi_FI: 'all',
};

async function wording(localeId: string) {
  const { languageTag, messages } = await loadMessages(localeId);
  const intl = createIntl({ locale: languageTag, messages });
  const names = new Intl.DisplayNames([languageTag], { type: 'region' });
  const outsideOf = (country: string) =>
    intl.formatMessage({ id: 'emergency.outsideCountry' }, { country, name: names.of(country) ?? country });
  const sentences = (country: string) => {
    const outside = outsideOf(country);
    return {
      outside,
      link: intl.formatMessage({ id: 'emergency.outside' }, { outside }),
      title: intl.formatMessage({ id: 'emergency.outOfCountry.title' }, { outside }),
      disclaimer: intl.formatMessage({ id: 'emergency.outOfCountry.disclaimer' }, { outside }),
    };
  };
  /** What the `other` phrase makes of the country's bare name (an id no branch has). */
  const fallback = (country: string) =>
    intl.formatMessage(
      { id: 'emergency.outsideCountry' },
      { country: 'other', name: names.of(country) ?? country },
    );
  return { sentences, outsideOf, fallback };
}

describe('"outside {country}" in every language, for every served country', () => {
  it('en_US: the United States, the United Kingdom and the Netherlands take "the"; Canada does not', async () => {
    const { sentences } = await wording('en_US');
    expect(sentences('US').link).toBe("I'm outside the United States");
    expect(sentences('GB').link).toBe("I'm outside the United Kingdom");
    expect(sentences('NL').link).toBe("I'm outside the Netherlands");
    expect(sentences('CA').link).toBe("I'm outside Canada");
    expect(sentences('US').title).toBe('Emergency calls from outside the United States');
    expect(sentences('GB').disclaimer).toBe(
      'Emergency calls made outside the United Kingdom may not reach the emergency services where you are, and they may not receive your address.',
    );
  });

  it('de_DE: the genitive "außerhalb" takes, with its article, never "des Landes …"', async () => {
    const { sentences } = await wording('de_DE');
    expect(sentences('US').link).toBe('Ich befinde mich außerhalb der Vereinigten Staaten');
    expect(sentences('GB').link).toBe('Ich befinde mich außerhalb des Vereinigten Königreichs');
    expect(sentences('CA').link).toBe('Ich befinde mich außerhalb Kanadas');
    expect(sentences('DE').title).toBe('Notrufe von außerhalb Deutschlands');
    for (const country of SERVED) expect(sentences(country).disclaimer).not.toContain('des Landes');
  });

  it('fr_CA and fr_FR: "hors du Canada", "hors des États-Unis", "hors de France"', async () => {
    for (const localeId of ['fr_CA', 'fr_FR']) {
      const { sentences } = await wording(localeId);
      expect(sentences('CA').link).toBe('Je me trouve hors du Canada');
      expect(sentences('US').link).toBe('Je me trouve hors des États-Unis');
      expect(sentences('FR').link).toBe('Je me trouve hors de France');
      expect(sentences('IT').disclaimer).toContain('passés hors d’Italie risquent');
    }
  });

  it('ru, pl_PL and fi_FI: the case their preposition takes', async () => {
    expect((await wording('ru')).sentences('CA').link).toBe('Я нахожусь за пределами Канады');
    expect((await wording('pl_PL')).sentences('GB').link).toBe('Jestem poza Wielką Brytanią');
    expect((await wording('fi_FI')).sentences('US').link).toBe('Olen Yhdysvaltojen ulkopuolella');
  });

  it.each(REAL_LOCALES.map((localeId) => [localeId]))(
    '%s: a whole sentence for every served country, the country worded by the language itself where it must be',
    async (localeId) => {
      const { sentences, outsideOf, fallback } = await wording(localeId);
      const own = ownPhrase[localeId] ?? [];
      for (const country of SERVED) {
        for (const [part, text] of Object.entries(sentences(country))) {
          expect(text, `${localeId} ${country} ${part}`).not.toMatch(/[{}]|\s{2}|undefined|^\s|\s$/);
          expect(text, `${localeId} ${country} ${part}`).not.toMatch(new RegExp(`\\b${country}\\b`));
        }
        if (own === 'all' || own.includes(country))
          expect(outsideOf(country), `${localeId} ${country}`).not.toBe(fallback(country));
      }
    },
  );
});
