import { ownEntry } from '../api/ownEntry.ts';

/** Pseudo locales map to CLDR's pseudo tags, so Intl formats their numbers and dates as English. */
const pseudoTags: Readonly<Record<string, string>> = { en_ZZ: 'en-XA', rc_XX: 'en-XB' };

/** Tags already worked out (Intl is slow on a slow phone, and the page asks often), at most 64. */
const tags = new Map<string, string>();

/** en_US → en-US, es_419 → es-419, ru → ru; anything Intl cannot read becomes the default's tag. */
export function toLanguageTag(localeId: string): string {
  const pseudo = ownEntry(pseudoTags, localeId);
  if (pseudo) return pseudo;
  let tag = tags.get(localeId);
  if (tag === undefined) {
    try {
      tag = Intl.getCanonicalLocales(localeId.replace('_', '-'))[0] ?? 'en-US';
    } catch {
      tag = 'en-US';
    }
    if (tags.size < 64) tags.set(localeId, tag);
  }
  return tag;
}

/** The writing direction of a locale: only the bidirectional pseudo locale (CLDR's en-XB) is right to left. */
export const textDirection = (localeId: string): 'ltr' | 'rtl' => (localeId === 'rc_XX' ? 'rtl' : 'ltr');
