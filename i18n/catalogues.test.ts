import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PSEUDO_LOCALES, REAL_LOCALES } from '../api/contract/locales.ts';
import { type CatalogueSources, checkCatalogue, readTerms } from './catalogue-check.ts';

const generated = new Set<string>(PSEUDO_LOCALES);
const filesIn = (folder: string) =>
  readdirSync(new URL(folder, import.meta.url))
    .filter((name) => name.endsWith('.json') && name !== 'terms.json')
    .map((name) => name.slice(0, -'.json'.length))
    .filter((localeId) => !generated.has(localeId))
    .sort();

describe('the catalogues', () => {
  it('are one per locale of the spec, each with its glossary, and no other', () => {
    expect(filesIn('./messages/')).toEqual([...REAL_LOCALES].sort());
    expect(filesIn('./glossary/')).toEqual([...REAL_LOCALES].sort());
  });

  it.each(REAL_LOCALES)(
    '%s: every en_US id and no other, the same ICU arguments, every CLDR plural category, no English left, its glossary kept',
    (localeId) => {
      expect(checkCatalogue(localeId)).toEqual([]);
    },
  );
});

describe('checkCatalogue', () => {
  const terms = { terms: readTerms().terms, names: { ids: ['names.google'] } };
  const glossary = (overrides: Partial<CatalogueSources['glossary']> = {}): CatalogueSources['glossary'] => ({
    locale: 'de_DE',
    register: 'Sie',
    terms: Object.fromEntries(
      Object.keys(terms.terms).map((id) => [id, { term: id, accept: [id === 'password' ? 'passwort' : id] }]),
    ),
    ...overrides,
  });
  const english = {
    'a.password': 'Enter your password',
    'a.count': 'In {count, plural, one {# second} other {# seconds}}',
    'names.google': 'Google',
  };
  const good = {
    'a.password': 'Geben Sie Ihr Passwort ein',
    'a.count': 'In {count, plural, one {# Sekunde} other {# Sekunden}}',
    'names.google': 'Google',
  };
  const check = (own: Record<string, string>, gloss = glossary(), localeId = 'de_DE') =>
    checkCatalogue(localeId, { english, own, glossary: { ...gloss, locale: localeId }, terms });

  it('passes a complete, faithful catalogue', () => {
    expect(check(good)).toEqual([]);
  });

  it('names a missing id, an extra one and a placeholder', () => {
    const { 'a.count': _, ...rest } = good;
    expect(check({ ...rest, 'a.extra': 'x', 'a.password': 'TODO Passwort' })).toEqual([
      'a.count: missing',
      'a.extra: not an en_US id',
      'a.password: placeholder text',
    ]);
  });

  it('names changed arguments and plural categories the language lacks or never uses', () => {
    expect(check({ ...good, 'a.count': 'In {n, plural, other {# Sekunden}}' })).toEqual([
      'a.count: arguments [n:plural], en_US has [count:plural]',
      'a.count: plural lacks one (de_DE needs one, other)',
    ]);
    expect(check({ ...good, 'a.count': 'In {count, plural, one {#} few {#} other {#}}' })).toEqual([
      'a.count: plural has few, which de_DE never uses',
    ]);
    expect(
      check(
        {
          ...good,
          'a.count': 'Через {count, plural, one {# секунду} other {# секунд}}',
          'a.password': 'Пароль',
        },
        glossary({ terms: { ...glossary().terms, password: { term: 'пароль', accept: ['парол'] } } }),
        'ru',
      ),
    ).toEqual(['a.count: plural lacks few, many (ru needs one, few, many, other)']);
  });

  it('names English left behind, except names and what the glossary allows', () => {
    expect(check({ ...good, 'a.password': 'Enter your password' })).toContain(
      'a.password: still the English text',
    );
    expect(
      check(
        { ...good, 'a.password': 'Enter your password' },
        glossary({ sameAsEnglish: { 'a.password': 'why' } }),
      ),
    ).not.toContain('a.password: still the English text');
    // English variants share en_US's words; their glossary tells them apart.
    const english = glossary({
      terms: { ...glossary().terms, password: { term: 'password', accept: ['password'] } },
    });
    expect(check({ ...good, 'a.password': 'Enter your password' }, english, 'en_GB')).toEqual([]);
  });

  it('holds every message to the glossary: its term used, its avoided words absent', () => {
    expect(check({ ...good, 'a.password': 'Geben Sie Ihr Kennwort ein' })).toEqual([
      'a.password: glossary term password ("password") not used',
    ]);
    const exceptions = {
      ...glossary().terms,
      password: { term: 'Passwort', accept: ['passwort'], exceptions: { 'a.password': 'why' } },
    };
    expect(
      check({ ...good, 'a.password': 'Geben Sie Ihr Kennwort ein' }, glossary({ terms: exceptions })),
    ).toEqual([]);
    expect(
      check(
        { ...good, 'a.password': 'Gib dein Passwort ein' },
        glossary({ avoid: [{ pattern: '\\bdein\\b', why: 'Sie' }] }),
      ),
    ).toEqual(['a.password: avoided "\\\\bdein\\\\b" (Sie)']);
  });
});
