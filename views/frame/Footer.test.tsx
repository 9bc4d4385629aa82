import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBrand, loadBrandTokens } from '../../brand/registry.ts';
import { I18nProvider } from '../../i18n/I18nProvider.tsx';
import { loadMessages } from '../../i18n/messages.ts';
import { renderWithIntl } from '../../i18n/testing.tsx';
import { Footer } from './Footer.tsx';
import { phishingNotice } from './PhishingDialog.tsx';

const linkNames = () =>
  within(screen.getByRole('navigation', { name: 'Legal and support' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

// Everything a test waits for is fetched here, as the idle prefetch does in a browser, so that a test's
// time is its own: the phishing notice's chunk, the rest of the messages and the brands' tokens.
beforeAll(async () => {
  await Promise.all([
    ...['7710', '3420', '7310'].map((id) => loadBrandTokens(id)),
    loadMessages('en_US'),
    phishingNotice.preload(),
  ]);
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 3, 1));
});
afterEach(() => vi.useRealTimers());

describe('Footer', () => {
  it('shows legal and privacy for the default brand, with its copyright range', async () => {
    await renderWithIntl(<Footer brand={getBrand('1210')} onLocaleChange={vi.fn()} />);
    expect(linkNames()).toEqual([
      ['Legal (opens in a new tab)', 'https://orvalle.example.com/legal'],
      ['Privacy (opens in a new tab)', 'https://orvalle.example.com/legal/privacy'],
    ]);
    expect(screen.getByText('© 2009–2026 Orvalle Connect. All rights reserved.')).toBeTruthy();
    expect(screen.queryByText('Powered by')).toBeNull();
  });

  it('shows the six UK links for 7710, its terms once', async () => {
    await renderWithIntl(<Footer brand={getBrand('7710')} onLocaleChange={vi.fn()} />);
    expect(linkNames().map(([name]) => name?.replace(' (opens in a new tab)', ''))).toEqual([
      'Contact us',
      'Privacy',
      'Terms of use',
      'Codes of practice',
      'Complaints',
      'Feedback',
    ]);
    expect(screen.getByText('© 2018–2026 Brackenby Voice. All rights reserved.')).toBeTruthy();
  });

  it('shows terms, privacy and the powered-by mark for a partner brand', async () => {
    await renderWithIntl(<Footer brand={getBrand('3420')} onLocaleChange={vi.fn()} />);
    expect(linkNames().map(([name]) => name)).toEqual([
      'Terms (opens in a new tab)',
      'Privacy (opens in a new tab)',
    ]);
    expect(screen.getByText('Powered by')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Orvalle Connect' })).toBeTruthy();
  });

  it('offers the phishing notice, with its own text for the meeting brand', async () => {
    // The app's message provider: the notice's text is in the rest part, which the dialog waits for.
    render(
      <I18nProvider localeId="en_US">
        <Footer brand={getBrand('7310')} onLocaleChange={vi.fn()} />
      </I18nProvider>,
    );
    const opener = await screen.findByRole('button', { name: 'Protect yourself from phishing' });
    expect(opener.closest('footer')).toBeTruthy();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Protect yourself from phishing' });
    expect(dialog.closest('footer')).toBeTruthy();
    expect(dialog.textContent).toMatch(/Cedarlume Meetings never sends meeting invitations/);
  });

  it('opens brand pages in a new tab without handing over the opener', async () => {
    await renderWithIntl(<Footer brand={getBrand('1210')} onLocaleChange={vi.fn()} />);
    for (const link of screen.getAllByRole('link')) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('does not render a brand link that is unsafe to open', async () => {
    const brand = {
      ...getBrand('1210'),
      links: { legal: 'javascript:alert(1)', privacy: 'https://p.example.com/' },
    };
    await renderWithIntl(<Footer brand={brand} onLocaleChange={vi.fn()} />);
    expect(linkNames()).toEqual([['Privacy (opens in a new tab)', 'https://p.example.com/']]);
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('hides the links, but not the copyright, when hideTos is set', async () => {
    await renderWithIntl(<Footer brand={getBrand('7710')} hideTos onLocaleChange={vi.fn()} />);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.getByText(/Brackenby Voice. All rights reserved/)).toBeTruthy();
  });

  it('offers the language selector when several locales are supported', async () => {
    const locales = {
      localeCode: 'en_GB',
      supportedLocaleCodes: ['en_GB', 'fr_FR'],
      locales: [
        { localeCode: 'en_GB', localeName: 'English', titleName: 'English (United Kingdom)' },
        { localeCode: 'fr_FR', localeName: 'Français', titleName: 'Français (France)' },
      ],
    };
    await renderWithIntl(<Footer brand={getBrand('7710')} locales={locales} onLocaleChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Language English' }).getAttribute('aria-haspopup')).toBe(
      'listbox',
    );
  });
});
