import type { LocaleInfo } from '../api/contract/config.ts';
import { DEFAULT_LOCALE, isPseudoLocale, KNOWN_LOCALES } from '../api/contract/locales.ts';
import { toLanguageTag } from './language-tag.ts';

/**
 * Which locale shows (docs/i18n.md "Which locale shows"), shared by the SPA and the server: the first of
 * `candidates` (BCP 47 tags or locale ids, best first) that one of `offered` serves. A candidate matches
 * its own locale, else the offered locale its language most likely means (`fr` → fr_FR, `zh-Hant` →
 * zh_TW, `es-MX` → es_419, `de-AT` → de_DE). Pseudo locales match only when named exactly. Malformed
 * candidates are skipped, never an error.
 */
export function chooseLocale(candidates: readonly string[], offered: readonly string[]): string | undefined {
  const offers = offered.flatMap((localeId) => offerOf(localeId) ?? []);
  for (const candidate of candidates) {
    const tag = canonicalTag(candidate);
    if (!tag) continue;
    const exact = offers.find((offer) => offer.tag === tag);
    if (exact) return exact.localeId;
    // A pseudo locale means itself only: en-XB is no request for English.
    if (Object.hasOwn(pseudoIds, tag)) continue;
    const likely = maximised(tag);
    if (!likely) continue;
    const kin = offers.filter(
      (offer) =>
        !isPseudoLocale(offer.localeId) &&
        offer.likely.language === likely.language &&
        offer.likely.script === likely.script,
    );
    const match =
      kin.find((offer) => offer.likely.region === likely.region) ??
      (likely.language === 'es' && LATIN_AMERICA.has(likely.region ?? '')
        ? kin.find((offer) => offer.tag === 'es-419')
        : undefined) ??
      kin.find((offer) => offer.likely.region === maximised(likely.language)?.region) ??
      kin[0];
    if (match) return match.localeId;
  }
  return undefined;
}

interface Offer {
  readonly localeId: string;
  readonly tag: string;
  readonly likely: Intl.Locale;
}

/**
 * An offered locale's tag and likely subtags, worked out once per locale id: the page chooses its
 * locale on every change of state, and Intl's answers cost a slow phone several milliseconds a time.
 * Offered ids come from the product's and the brands' lists, so the cache stays small.
 */
const offerCache = new Map<string, Offer | null>();
function offerOf(localeId: string): Offer | null {
  let offer = offerCache.get(localeId);
  if (offer === undefined) {
    const tag = toLanguageTag(localeId);
    const likely = maximised(tag);
    offer = likely ? { localeId, tag, likely } : null;
    offerCache.set(localeId, offer);
  }
  return offer;
}

/** Regions whose Spanish es_419 (Latin America and the Caribbean, and the US) serves better than es_ES. */
const LATIN_AMERICA = new Set(
  'AR BO BR BZ CL CO CR CU DO EC GT HN MX NI PA PE PR PY SV US UY VE 419'.split(' '),
);

const pseudoIds: Readonly<Record<string, string>> = { 'en-XA': 'en_ZZ', 'en-XB': 'rc_XX' };

/** A candidate as a canonical BCP 47 tag (`de_DE` and `de-de` → `de-DE`), or undefined when it is none. */
function canonicalTag(candidate: string): string | undefined {
  const known = KNOWN_LOCALES.find((localeId) => localeId === candidate.trim().replace('-', '_'));
  if (known) return toLanguageTag(known);
  try {
    const [tag] = Intl.getCanonicalLocales(candidate.trim().replaceAll('_', '-'));
    return tag;
  } catch {
    return undefined;
  }
}

function maximised(tag: string): Intl.Locale | undefined {
  try {
    return new Intl.Locale(tag).maximize();
  } catch {
    return undefined;
  }
}

/**
 * The locale the page shows: the address's own choice (ui_locales, then localeId) among what the brand
 * offers; when the address names none, the browser's languages; then en_US where the brand offers it,
 * else the brand's first locale. Pseudo locales are served when the address names them, listed or not.
 */
export interface LocaleRequest {
  readonly uiLocales: readonly string[];
  readonly localeId: string | undefined;
  readonly browserLanguages: readonly string[];
}

export function pageLocale(request: LocaleRequest & { readonly offered: readonly string[] }): string {
  const { uiLocales, localeId, browserLanguages, offered } = request;
  const named = [...uiLocales, ...(localeId ? [localeId] : [])];
  const servable = [...offered, ...KNOWN_LOCALES.filter((id) => isPseudoLocale(id) && !offered.includes(id))];
  // An address that names a locale the product knows has spoken, even when this brand lacks it.
  const addressNamesOne = chooseLocale(named, KNOWN_LOCALES) !== undefined;
  const chosen =
    chooseLocale(named, servable) ?? (addressNamesOne ? undefined : chooseLocale(browserLanguages, offered));
  return chosen ?? (offered.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : (offered[0] ?? DEFAULT_LOCALE));
}

const capitalised = (text: string, tag: string) => text.charAt(0).toLocaleUpperCase(tag) + text.slice(1);

/**
 * The pseudo locales' names when Intl has none of its own for CLDR's pseudo tags (en-XA "Pseudo-Accents",
 * en-XB "Pseudo-Bidi"): a tester must tell them from English.
 */
const pseudoNames: Readonly<Record<string, string>> = {
  en_ZZ: 'English (Pseudo-Accents)',
  rc_XX: 'English (Pseudo-Bidi, right to left)',
};

/**
 * A locale's names in its own language, from Intl.DisplayNames (spec §3 locale info): `localeName` the
 * language alone ("Deutsch"), `titleName` with the region ("Français (Canada)"), shown when several
 * offered locales share a language. A pseudo locale is never named plain "English": both its names say
 * which pseudo locale it is ("English (Pseudo-Bidi)"), whatever it is listed beside.
 */
export function localeInfo(localeId: string): LocaleInfo {
  // An Intl.DisplayNames costs ~0.2 ms to build: the seed's fingerprint names every brand's locales at
  // each start (19 ms of it), and /api/config/locales names a brand's on every request.
  let named = namedLocales.get(localeId);
  if (!named) {
    named = nameLocale(localeId);
    namedLocales.set(localeId, named);
  }
  return { ...named };
}

const namedLocales = new Map<string, LocaleInfo>();

function nameLocale(localeId: string): LocaleInfo {
  const tag = toLanguageTag(localeId);
  const names = new Intl.DisplayNames([tag], {
    type: 'language',
    languageDisplay: 'standard',
    fallback: 'code',
  });
  const language = new Intl.Locale(tag).language;
  const localeName = capitalised(names.of(language) ?? language, tag);
  const titleName = capitalised(names.of(tag) ?? tag, tag);
  if (isPseudoLocale(localeId)) {
    const name = titleName !== localeName && titleName !== tag ? titleName : (pseudoNames[localeId] ?? tag);
    return { localeCode: localeId, localeName: name, titleName: name };
  }
  return { localeCode: localeId, localeName, titleName };
}
