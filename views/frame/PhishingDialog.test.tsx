import { fireEvent, screen } from '@testing-library/react';
import axe from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { getBrand, loadBrandTokens } from '../../brand/registry.ts';
import { renderWithIntl } from '../../i18n/testing.tsx';
import { PhishingDialog } from './PhishingDialog.tsx';

beforeAll(async () => {
  await loadBrandTokens('7310');
  // jsdom has no modal dialogs; these follow the HTML standard's open/close steps closely enough
  // for the component's side (the browser test runs the real thing in Chromium).
  if (!HTMLDialogElement.prototype.showModal) {
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.open = true;
      this.querySelector<HTMLElement>('button')?.focus();
    };
    HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
      if (!this.open) return;
      this.open = false;
      this.dispatchEvent(new Event('close'));
    };
  }
});

const opener = () => screen.getByRole('button', { name: 'Protect yourself from phishing' });

describe('PhishingDialog', () => {
  it('opens a labelled modal dialog with the brand’s phishing notice', async () => {
    await renderWithIntl(<PhishingDialog brand={getBrand('1210')} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener().getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(opener());
    const dialog = screen.getByRole('dialog', { name: 'Protect yourself from phishing' });
    expect(dialog.textContent).toContain('Orvalle Connect will never ask for your password');
  });

  it('shows the meeting brand 7310 its own notice', async () => {
    await renderWithIntl(<PhishingDialog brand={getBrand('7310')} />);
    fireEvent.click(opener());
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Cedarlume Meetings never sends meeting invitations');
    expect(dialog.textContent).not.toContain('will never ask for your password by email');
  });

  it('closes from its close button and returns focus to the opener', async () => {
    await renderWithIntl(<PhishingDialog brand={getBrand('1210')} />);
    opener().focus();
    fireEvent.click(opener());
    const close = screen.getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener());
  });

  it('returns focus to the opener however the dialog closes (Escape closes it natively)', async () => {
    await renderWithIntl(<PhishingDialog brand={getBrand('1210')} />);
    fireEvent.click(opener());
    (screen.getByRole('dialog') as HTMLDialogElement).close();
    expect(document.activeElement).toBe(opener());
  });

  it('has no axe violations while open', async () => {
    document.documentElement.lang = 'en-US';
    await renderWithIntl(
      <main>
        <PhishingDialog brand={getBrand('1210')} />
      </main>,
    );
    fireEvent.click(opener());
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});
