import { useRef, useState } from 'react';
import type { LocalesData } from '../../api/contract/config.ts';
import { Msg } from '../../i18n/Msg.tsx';
import { lazyScreen } from '../screens/lazyScreen.tsx';
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

/** The list of languages and its keys are not on the first screen; the idle prefetch loads them. */
export const languageList = lazyScreen(() => import('./LanguageList.tsx').then((m) => m.LanguageList));

/**
 * Rendered only when there is more than one locale to choose from. A button (Enter, Space or a click)
 * opens the list of languages (WAI-ARIA APG collapsible listbox): keys move through it, and only
 * Enter, Space or a click changes the language, never an arrow key (WCAG 3.2.2, docs/i18n.md).
 */
export function LanguageSelector({ locales, onChange }: Props) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const options = languageOptionsOf(locales);
  if (options.length < 2) return null;
  return (
    <div className={styles.field}>
      <span id="language-label" className={styles.label}>
        <Msg id="locale.label" />
      </span>
      <button
        ref={trigger}
        id="language"
        type="button"
        className={styles.trigger}
        aria-haspopup="listbox"
        aria-expanded={open}
        // The name is the label and the language in force, as a select's would be with its value.
        aria-labelledby="language-label language"
        onClick={() => setOpen(!open)}
      >
        {options.find((option) => option.localeCode === locales.localeCode)?.label}
      </button>
      {open && (
        <languageList.View
          options={options}
          current={locales.localeCode}
          trigger={trigger}
          onChange={onChange}
          onOpen={setOpen}
        />
      )}
    </div>
  );
}
