import type { MessageFormatElement } from 'react-intl';
import { DEFAULT_LOCALE } from '../api/contract/startup.ts';
import { ownEntry } from '../api/ownEntry.ts';

/** Every message id, typed from the English catalogue: a view cannot name an id that does not exist. */
export type MessageId = Exclude<keyof typeof import('./messages/en_US.json'), 'default'>;

export type CompiledMessages = Readonly<Record<string, MessageFormatElement[]>>;
export type LoadedCatalogue = {
  /** The locale whose catalogue was found: the requested one, or en_US when it has none. */
  readonly localeId: string;
  /** BCP 47 tag for Intl and the lang attribute. */
  readonly languageTag: string;
  readonly messages: CompiledMessages;
};

/** Compiled ASTs (npm run i18n:compile), each in its own chunk so only the chosen locale is fetched. */
const compiledCatalogues = import.meta.glob<CompiledMessages>('./compiled/*.json', { import: 'default' });
const catalogueLoader = (localeId: string) => compiledCatalogues[`./compiled/${localeId}.json`];

/** Pseudo locales map to the CLDR pseudo tag so Intl formats numbers and dates as English. */
const pseudoTags: Readonly<Record<string, string>> = { en_ZZ: 'en-XA', rc_XX: 'en-XB' };

/** en_US → en-US, es_419 → es-419, ru → ru; anything Intl cannot read becomes the default's tag. */
export function toLanguageTag(localeId: string): string {
  const pseudo = ownEntry(pseudoTags, localeId);
  if (pseudo) return pseudo;
  try {
    return Intl.getCanonicalLocales(localeId.replace('_', '-'))[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

/**
 * Loads the compiled messages of a locale over the English ones, so a catalogue that lags behind
 * en_US shows English for its missing ids rather than raw ids. A locale without a catalogue (or whose
 * chunk fails to load) falls back to en_US entirely, language tag included.
 */
export async function loadMessages(localeId: string): Promise<LoadedCatalogue> {
  const loadEnglish = catalogueLoader(DEFAULT_LOCALE);
  if (!loadEnglish) throw new Error('The en_US catalogue is missing: run npm run i18n:compile');
  const english = await loadEnglish();
  const loadOwn = localeId === DEFAULT_LOCALE ? undefined : catalogueLoader(localeId);
  const own = loadOwn ? await loadOwn().catch(() => undefined) : undefined;
  if (!own)
    return { localeId: DEFAULT_LOCALE, languageTag: toLanguageTag(DEFAULT_LOCALE), messages: english };
  return { localeId, languageTag: toLanguageTag(localeId), messages: { ...english, ...own } };
}
