import { fireEvent, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { getBrand, loadBrandTokens } from '../../brand/registry.ts';
import type { BrandTokens } from '../../brand/tokens.ts';
import { I18nProvider } from '../../i18n/I18nProvider.tsx';
import { loadMessages } from '../../i18n/messages.ts';
import { PhishingDialog } from './PhishingDialog.tsx';

// The module is transformed and the messages fetched here, outside any test's time; the dialog's
// chunk still counts as not loaded (nothing called its preload), which the first test relies on.
beforeAll(async () => {
  await Promise.all([loadBrandTokens('7310'), loadMessages('en_US'), import('./PhishingNotice.tsx')]);
});

const opener = () => screen.getByRole('button', { name: 'Protect yourself from phishing' });

/** With the app's message provider: the dialog's text is in the rest part, which it waits for. */
async function renderDialog(brand: BrandTokens) {
  render(
    <main>
      <I18nProvider localeId="en_US">
        <PhishingDialog brand={brand} />
      </I18nProvider>
    </main>,
  );
  await screen.findByRole('button', { name: 'Protect yourself from phishing' });
}

/** The dialog is a chunk of its own: it opens once that and the rest of the messages are in. */
const openDialog = () => {
  fireEvent.click(opener());
  return screen.findByRole('dialog', { name: 'Protect yourself from phishing' });
};

describe('PhishingDialog', () => {
  it('opens a labelled modal dialog with the brand’s phishing notice', async () => {
    await renderDialog(getBrand('1210'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener().getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(opener());
    // Pressed before its chunk is in (nothing prefetched it here): the loading indicator, then the dialog.
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'Protect yourself from phishing' });
    expect(screen.queryByRole('status')).toBeNull();
    expect(dialog.textContent).toContain('Orvalle Connect will never ask for your password');
  });

  it('shows the meeting brand 7310 its own notice', async () => {
    await renderDialog(getBrand('7310'));
    const dialog = await openDialog();
    expect(dialog.textContent).toContain('Cedarlume Meetings never sends meeting invitations');
    expect(dialog.textContent).not.toContain('will never ask for your password by email');
  });

  it('closes from its close button and returns focus to the opener', async () => {
    await renderDialog(getBrand('1210'));
    opener().focus();
    await openDialog();
    const close = screen.getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener());
  });

  it('returns focus to the opener however the dialog closes (Escape closes it natively)', async () => {
    await renderDialog(getBrand('1210'));
    ((await openDialog()) as HTMLDialogElement).close();
    expect(document.activeElement).toBe(opener());
  });

  it('has no axe violations while open', async () => {
    await renderDialog(getBrand('1210'));
    await openDialog();
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});
