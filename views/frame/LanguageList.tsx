import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';
import { toLanguageTag } from '../../i18n/language-tag.ts';
import * as styles from './LanguageList.css.ts';

type Props = {
  options: readonly { readonly localeCode: string; readonly label: string }[];
  /** The locale in force: selected, and where the keys start. */
  current: string;
  /** The button that opened the list: focus returns there when a language is picked or Escape pressed. */
  trigger: RefObject<HTMLElement | null>;
  /** A language other than the current one was picked. */
  onChange: (localeId: string) => void;
  /** Opens or closes the list (the selector's state): `false` closes it. */
  onOpen: (open: boolean) => void;
};

/**
 * The language selector's popup (WAI-ARIA APG listbox, in a chunk of its own: the first screen only
 * has the button that opens it). Arrow keys, Home, End and a typed letter only move the focus from
 * language to language; nothing changes until Enter, Space or a click picks one (WCAG 3.2.2).
 */
export function LanguageList({ options, current, trigger, onChange, onOpen }: Props) {
  const listRef = useRef<HTMLDivElement>(null);
  const items = () => [...(listRef.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])];

  // Opening puts the focus on the language in force, as a native select starts on its value.
  useEffect(() => listRef.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.focus(), []);

  // Enter, Space, a click (with a language) or Escape (without): closed, the focus back on the button.
  const close = (picked?: string) => {
    onOpen(false);
    trigger.current?.focus();
    if (picked !== undefined && picked !== current) onChange(picked);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => all[Math.min(Math.max(index, 0), all.length - 1)]?.focus();
    const key = event.key;
    if (key === 'ArrowDown') moveTo(at + 1);
    else if (key === 'ArrowUp') moveTo(at - 1);
    else if (key === 'Home') moveTo(0);
    else if (key === 'End') moveTo(all.length - 1);
    else if (key === 'Enter' || key === ' ') close(options[at]?.localeCode);
    else if (key === 'Escape') close();
    else if (key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Type-ahead: the next language whose name starts with the letter, after the focused one.
      const starts = (index: number) =>
        options[index]?.label.toLocaleLowerCase().startsWith(key.toLocaleLowerCase()) === true;
      const order = options.map((_, index) => (at + 1 + index) % options.length);
      const next = order.find(starts);
      if (next !== undefined) moveTo(next);
    } else return; // Tab and the rest keep their default: Tab leaves, and onBlur closes.
    event.preventDefault();
  };

  return (
    <div
      ref={listRef}
      role="listbox"
      // The selector's visible label (LanguageSelector.tsx; one selector per page) names the list too.
      aria-labelledby="language-label"
      className={styles.list}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Focus left (Tab, a click elsewhere): closed without a choice. A click on the button toggles it there.
        const to = event.relatedTarget;
        if (!event.currentTarget.contains(to) && to !== trigger.current) onOpen(false);
      }}
    >
      {options.map((option) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox takes the keys for all its options (APG).
        <div
          key={option.localeCode}
          role="option"
          tabIndex={-1}
          aria-selected={option.localeCode === current}
          lang={toLanguageTag(option.localeCode)}
          className={styles.option}
          onClick={() => close(option.localeCode)}
        >
          {option.label}
        </div>
      ))}
    </div>
  );
}
