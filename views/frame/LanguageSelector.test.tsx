import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LocalesData } from '../../api/contract/config.ts';
import { I18nProvider } from '../../i18n/I18nProvider.tsx';
import { renderWithIntl } from '../../i18n/testing.tsx';
import { LanguageSelector, languageOptionsOf } from './LanguageSelector.tsx';

const english = { localeCode: 'en_US', localeName: 'English', titleName: 'English (United States)' };
const british = { localeCode: 'en_GB', localeName: 'English', titleName: 'English (United Kingdom)' };
const french = { localeCode: 'fr_FR', localeName: 'Français', titleName: 'Français (France)' };
const german = { localeCode: 'de_DE', localeName: 'Deutsch', titleName: 'Deutsch (Deutschland)' };

const data = (
  locales: LocalesData['locales'],
  supported = locales.map((l) => l.localeCode),
): LocalesData => ({
  localeCode: 'en_US',
  supportedLocaleCodes: supported,
  locales,
});

describe('languageOptionsOf', () => {
  it('uses short names when every language is distinct', () => {
    expect(languageOptionsOf(data([english, french, german])).map((o) => o.label)).toEqual([
      'English',
      'Français',
      'Deutsch',
    ]);
  });

  it('uses the long name only for locales whose language repeats', () => {
    expect(languageOptionsOf(data([english, french, british])).map((o) => o.label)).toEqual([
      'English (United States)',
      'Français',
      'English (United Kingdom)',
    ]);
  });

  it('lists only supported locales, in the supported order', () => {
    const options = languageOptionsOf(data([english, french, british], ['fr_FR', 'en_US']));
    expect(options).toEqual([
      { localeCode: 'fr_FR', label: 'Français' },
      { localeCode: 'en_US', label: 'English' },
    ]);
  });
});

/** With the app's message provider, as in the footer: the list is a chunk of its own that waits for it. */
async function renderSelector(locales: LocalesData, onChange = vi.fn()) {
  render(
    <I18nProvider localeId="en_US">
      <LanguageSelector locales={locales} onChange={onChange} />
    </I18nProvider>,
  );
  await screen.findByRole('button', { name: /^Language/ });
  return onChange;
}

const trigger = () => screen.getByRole('button', { name: /^Language/ });
const focused = () => document.activeElement;
const key = (target: Element | null, name: string) =>
  fireEvent.keyDown(target ?? document.body, { key: name });

/** Opens the list with Enter, as a keyboard user would (a button clicks on Enter). */
async function openList() {
  trigger().focus();
  fireEvent.click(trigger());
  return screen.findByRole('listbox', { name: 'Language' });
}

describe('LanguageSelector', () => {
  it('is not rendered when only one locale is supported', async () => {
    const { container } = await renderWithIntl(
      <LanguageSelector locales={data([english])} onChange={vi.fn()} />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('is a button named by its label and the language in force, which opens a listbox', async () => {
    await renderSelector(data([english, french]));
    expect(trigger().textContent).toBe('English');
    expect(screen.getByRole('button', { name: 'Language English' })).toBe(trigger());
    expect(trigger().getAttribute('aria-haspopup')).toBe('listbox');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    await openList();
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(
      screen.getAllByRole('option').map((o) => [o.textContent, o.getAttribute('lang'), o.ariaSelected]),
    ).toEqual([
      ['English', 'en-US', 'true'],
      ['Français', 'fr-FR', 'false'],
    ]);
  });

  it('arrow keys never change the language: on the button nothing happens, in the list only the focus moves', async () => {
    const onChange = await renderSelector(data([english, british, french, german]));
    trigger().focus();
    for (let i = 0; i < 3; i++) key(trigger(), 'ArrowDown');
    expect(screen.queryByRole('listbox')).toBeNull();
    const list = await openList();
    // Opening starts on the language in force.
    expect(focused()?.textContent).toBe('English (United States)');
    for (let i = 0; i < 2; i++) key(list, 'ArrowDown');
    expect(focused()?.textContent).toBe('Français');
    key(list, 'End');
    expect(focused()?.textContent).toBe('Deutsch');
    key(list, 'ArrowDown');
    expect(focused()?.textContent).toBe('Deutsch');
    key(list, 'Home');
    key(list, 'ArrowUp');
    expect(focused()?.textContent).toBe('English (United States)');
    // Type-ahead: the next name starting with the letter.
    key(list, 'e');
    expect(focused()?.textContent).toBe('English (United Kingdom)');
    key(list, 'd');
    expect(focused()?.textContent).toBe('Deutsch');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('listbox')).toBeTruthy();
  });

  it('Enter on a language changes to it, closes the list and puts the focus back on the button', async () => {
    const onChange = await renderSelector(data([english, british, french]));
    const list = await openList();
    key(list, 'ArrowDown');
    key(list, 'Enter');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('en_GB');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(focused()).toBe(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('Space and a click choose too; choosing the language in force changes nothing', async () => {
    const onChange = await renderSelector(data([english, french, german]));
    key(await openList(), ' ');
    expect(onChange).not.toHaveBeenCalled();
    expect(focused()).toBe(trigger());
    await openList();
    fireEvent.click(screen.getByRole('option', { name: 'Deutsch' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('de_DE');
    expect(focused()).toBe(trigger());
  });

  it('Escape closes the list without a change, the focus back on the button', async () => {
    const onChange = await renderSelector(data([english, french]));
    const list = await openList();
    key(list, 'ArrowDown');
    key(list, 'Escape');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(focused()).toBe(trigger());
  });

  it('focus leaving the list (Tab, a click elsewhere) closes it without a change', async () => {
    const onChange = await renderSelector(data([english, french]));
    const list = await openList();
    key(list, 'ArrowDown');
    fireEvent.blur(focused() ?? list, { relatedTarget: document.body });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });
});
