import { useId } from 'react';
import type { LocalesData } from '../../api/contract/config.ts';
import { toLanguageTag } from '../../i18n/language-tag.ts';
import { Msg } from '../../i18n/Msg.tsx';
import * as styles from './LanguageSelector.css.ts';

export type LanguageOption = { readonly localeCode: string; readonly label: string };

const languageOf = (localeCode: string) => localeCode.split('_')[0] ?? localeCode;

/**
 * The supported locales in the server's order, each by its name; when several share a language
 * (English for the US and the UK) those show their long name so they can be told apart (spec §2).
 */
export function languageOptionsOf(data: LocalesData): LanguageOption[] {
  const supported = data.supportedLocaleCodes.flatMap((code) =>
    data.locales.filter((l) => l.localeCode === code),
  );
  const languages = supported.map((locale) => languageOf(locale.localeCode));
  return supported.map((locale) => {
    const shared = languages.filter((language) => language === languageOf(locale.localeCode)).length > 1;
    return { localeCode: locale.localeCode, label: shared ? locale.titleName : locale.localeName };
  });
}

type Props = { locales: LocalesData; onChange: (localeId: string) => void };

/** Rendered only when there is more than one locale to choose from. */
export function LanguageSelector({ locales, onChange }: Props) {
  const id = useId();
  const options = languageOptionsOf(locales);
  if (options.length < 2) return null;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        <Msg id="locale.label" />
      </label>
      <select
        id={id}
        className={styles.select}
        value={locales.localeCode}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {options.map((option) => (
          <option key={option.localeCode} value={option.localeCode} lang={toLanguageTag(option.localeCode)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
