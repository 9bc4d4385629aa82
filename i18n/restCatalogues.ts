/**
 * The rest parts' loaders (i18n/parts.ts), one per locale: a chunk of their own, fetched with the first
 * rest part, so the first screen's entry names only the first parts' chunks. messages.ts types them.
 */
export const restCatalogues = import.meta.glob('./compiled/rest/*.json', { import: 'default' });
