/** The product's locales (spec §3), in the spec's order; anything else falls back. */
export const REAL_LOCALES = [
  'en_CA',
  'en_GB',
  'en_US',
  'en_AU',
  'fr_CA',
  'fr_FR',
  'de_DE',
  'ru',
  'zh_CN',
  'zh_TW',
  'zh_HK',
  'es_ES',
  'es_419',
  'it_IT',
  'pt_BR',
  'pt_PT',
  'ja_JP',
  'nl_NL',
  'ko_KR',
  'fi_FI',
  'pl_PL',
  'ro_RO',
  'sv_SE',
] as const;
/** Generated from en_US (i18n/generate-pseudo.ts): accented and longer, and right to left. */
export const PSEUDO_LOCALES = ['en_ZZ', 'rc_XX'] as const;
export const KNOWN_LOCALES = [...REAL_LOCALES, ...PSEUDO_LOCALES] as const;
export type LocaleId = (typeof KNOWN_LOCALES)[number];
export const DEFAULT_LOCALE = 'en_US';

export const isKnownLocale = (value: string): value is LocaleId =>
  (KNOWN_LOCALES as readonly string[]).includes(value);
export const isPseudoLocale = (value: string) => (PSEUDO_LOCALES as readonly string[]).includes(value);
