import type { MessageFormatElement } from 'react-intl';
import { DEFAULT_LOCALE } from '../api/contract/locales.ts';
import { toLanguageTag } from './language-tag.ts';
import { BROWSER_PARTS, type MessagePart } from './parts.ts';

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

/**
 * Compiled ASTs (npm run i18n:compile), one chunk per locale and part (i18n/parts.ts), so the first
 * screen fetches only its own text in the chosen locale. The rest parts' loaders are a chunk too
 * (restCatalogues.ts): 23 locales' chunk names would otherwise weigh on the first screen.
 */
const firstCatalogues = import.meta.glob<CompiledMessages>('./compiled/first/*.json', { import: 'default' });
type Loader = () => Promise<CompiledMessages>;
async function catalogueLoader(localeId: string, part: MessagePart): Promise<Loader | undefined> {
  const loaders =
    part === 'first'
      ? firstCatalogues
      : ((await import('./restCatalogues.ts')).restCatalogues as Record<string, Loader>);
  return loaders[`./compiled/${part}/${localeId}.json`];
}

/**
 * Loads the compiled messages of a locale (both parts unless `parts` names fewer). Every catalogue has
 * every id (i18n/catalogues.test.ts), so only the locale's own chunks download. A locale without a
 * catalogue, or whose chunk fails to load, falls back to en_US entirely, language tag included.
 */
export async function loadMessages(
  localeId: string,
  parts: readonly MessagePart[] = BROWSER_PARTS,
): Promise<LoadedCatalogue> {
  const own =
    localeId === DEFAULT_LOCALE ? undefined : await loadParts(localeId, parts).catch(() => undefined);
  if (own) return { localeId, languageTag: toLanguageTag(localeId), messages: own };
  const english = await loadParts(DEFAULT_LOCALE, parts);
  if (!english) throw new Error('The en_US catalogue is missing: run npm run i18n:compile');
  return { localeId: DEFAULT_LOCALE, languageTag: toLanguageTag(DEFAULT_LOCALE), messages: english };
}

async function loadParts(localeId: string, parts: readonly MessagePart[]) {
  const loaders = await Promise.all(parts.map((part) => catalogueLoader(localeId, part)));
  if (loaders.some((load) => !load)) return undefined;
  const loaded = await Promise.all(loaders.map((load) => load?.()));
  return Object.assign({}, ...loaded) as CompiledMessages;
}
