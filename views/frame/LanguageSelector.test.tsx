import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LocalesData } from '../../api/contract/config.ts';
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

describe('LanguageSelector', () => {
  it('is not rendered when only one locale is supported', async () => {
    const { container } = await renderWithIntl(
      <LanguageSelector locales={data([english])} onChange={vi.fn()} />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('is a labelled select with the current locale chosen when two are supported', async () => {
    await renderWithIntl(<LanguageSelector locales={data([english, french])} onChange={vi.fn()} />);
    const select = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect(select.value).toBe('en_US');
    expect(screen.getAllByRole('option').map((o) => [o.textContent, o.getAttribute('lang')])).toEqual([
      ['English', 'en-US'],
      ['Français', 'fr-FR'],
    ]);
  });

  it('reports the chosen locale id', async () => {
    const onChange = vi.fn();
    await renderWithIntl(<LanguageSelector locales={data([english, british, french])} onChange={onChange} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'en_GB' } });
    expect(onChange).toHaveBeenCalledWith('en_GB');
    expect(screen.getByRole('option', { name: 'English (United Kingdom)' })).toBeTruthy();
  });
});
