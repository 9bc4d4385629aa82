import { readFileSync } from 'node:fs';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { DEFAULT_LOCALE, isKnownLocale } from '../../api/contract/locales.ts';
import { toLanguageTag } from '../../i18n/language-tag.ts';
import { partOf } from '../../i18n/parts.ts';

type EnglishCatalogue = typeof import('../../i18n/messages/en_US.json');
/** The ids only the server says (i18n/parts.ts `server`): emails, texts, calls and its own pages. */
export type ServerMessageId = Extract<
  Exclude<keyof EnglishCatalogue, 'default'>,
  `delivery.${string}` | `unsupported.${string}`
>;
export type ServerValues = Record<string, string | number | Date>;

/** Translates the server's own messages in one locale (the same catalogues as the SPA, ICU on the server). */
export interface ServerText {
  readonly localeId: string;
  /** BCP 47, for `<html lang>` and Intl. */
  readonly languageTag: string;
  readonly t: (id: ServerMessageId, values?: ServerValues) => string;
}

const cache = createIntlCache();
const texts = new Map<string, ServerText>();

/** The server part of a catalogue, or undefined when the locale has none (a pseudo locale not generated yet). */
function serverMessages(localeId: string): Record<string, string> | undefined {
  try {
    const all: Record<string, string> = JSON.parse(
      readFileSync(new URL(`../../i18n/messages/${localeId}.json`, import.meta.url), 'utf8'),
    );
    return Object.fromEntries(Object.entries(all).filter(([id]) => partOf(id) === 'server'));
  } catch {
    return undefined;
  }
}

/**
 * The server's text in `localeId` (as a request carried it), or in en_US when the locale is unknown or has
 * no catalogue; messages a catalogue lacks fall back to English one by one. Read once per locale.
 */
export function serverText(localeId: string | undefined): ServerText {
  const requested = localeId !== undefined && isKnownLocale(localeId) ? localeId : DEFAULT_LOCALE;
  const cached = texts.get(requested);
  if (cached) return cached;
  const english = serverMessages(DEFAULT_LOCALE);
  if (!english) throw new Error('i18n/messages/en_US.json is missing');
  const own = requested === DEFAULT_LOCALE ? english : serverMessages(requested);
  const chosen = own ? requested : DEFAULT_LOCALE;
  const languageTag = toLanguageTag(chosen);
  const intl: IntlShape = createIntl(
    {
      locale: languageTag,
      defaultLocale: 'en-US',
      // Dates the server names are calendar days (spec §9 notice dates), not instants.
      timeZone: 'UTC',
      messages: { ...english, ...own },
      // A missing translation falls back to English quietly; the catalogue test is where it fails.
      onError: () => {},
    },
    cache,
  );
  const text: ServerText = {
    localeId: chosen,
    languageTag,
    t: (id, values) => intl.formatMessage({ id }, values) as string,
  };
  texts.set(requested, text);
  return text;
}
