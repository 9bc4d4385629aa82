import { REAL_LOCALES } from '../../api/contract/locales.ts';
import { pageLocale } from '../../i18n/locales.ts';

/** An Accept-Language header's tags, most preferred first (q=0 means "not this"); at most 16 read. */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .slice(0, 16)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * The locale of a page the server renders itself: the SPA address it stands for (its ui_locales and
 * localeId) first, then the browser's Accept-Language, as the SPA would choose (i18n/locales.ts).
 */
export function requestLocale(address: URL | undefined, acceptLanguage: string | undefined): string {
  const query = address?.searchParams;
  return pageLocale({
    uiLocales: (query?.get('ui_locales') ?? '').split(/\s+/).filter(Boolean).slice(0, 16),
    localeId: query?.get('localeId') ?? undefined,
    browserLanguages: acceptedLanguages(acceptLanguage),
    offered: REAL_LOCALES,
  });
}
