import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors.ts';
import { newerTerms, retiredOf, termsOf } from '../../../test/fixtures/notices.ts';
import {
  backend,
  expectAccessible,
  outputs,
  page,
  pageAlert,
  renderNotice,
  resetBackend,
} from './noticesTesting.tsx';

afterEach(() => {
  resetBackend();
  vi.restoreAllMocks();
});

const button = (name: string) => screen.getByRole('button', { name });
const checkbox = () => screen.getByRole('checkbox', { name: 'I have read and accept the terms of service' });

describe('the FedRAMP notice', () => {
  it('shows the government notice with its conditions; Accept and Decline end the flow', async () => {
    const user = userEvent.setup();
    renderNotice('fedramp');
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'U.S. Government system use notification',
    });
    expect(heading).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('U.S. Government system use notification'));
    expect(
      screen.getByText(/You are accessing a U.S. Government \(USG\) Information System \(IS\)/),
    ).toBeTruthy();
    const conditions = within(document.querySelector('[data-screen="fedrampNotice"] ul') as HTMLElement);
    expect(conditions.getAllByRole('listitem')).toHaveLength(5);
    expect(
      conditions.getByText('At any time, the USG may inspect and seize data stored on this IS.'),
    ).toBeTruthy();
    await expectAccessible();
    await user.click(button('Accept'));
    await waitFor(() => expect(outputs).toEqual([{ outcome: 'accepted', notice: 'fedramp' }]));
  });

  it('Decline from the keyboard ends it declined', async () => {
    const user = userEvent.setup();
    renderNotice('fedramp');
    await page('fedrampNotice');
    await user.tab();
    expect(document.activeElement).toBe(button('Accept'));
    await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(outputs).toEqual([{ outcome: 'declined', notice: 'fedramp' }]));
  });
});

describe('the terms of service', () => {
  it('shows the default terms with the brand, the date, the full-terms link and a required box', async () => {
    backend.terms = [termsOf()];
    renderNotice('terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of service' });
    expect(
      screen.getByText('Before you continue, read and accept the Orvalle Connect terms of service.'),
    ).toBeTruthy();
    expect(screen.getByText('Effective January 15, 2026')).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'The terms in short' });
    expect(summary.getAttribute('data-variant')).toBe('default');
    expect(within(summary).getAllByRole('listitem')).toHaveLength(4);
    const link = screen.getByRole('link', { name: /Read the full terms of service/ });
    expect(link.getAttribute('href')).toBe('https://orvalle.example.com/legal/terms');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(checkbox()).toHaveProperty('checked', false);
    expect(checkbox()).toHaveProperty('required', true);
    await expectAccessible();
  });

  it('the partner variant (brands 2000 to 4910) and the updated wording', async () => {
    backend.terms = [termsOf({ variant: 'partner', updated: true })];
    renderNotice('terms');
    await screen.findByRole('heading', { level: 1, name: 'Our terms of service have been updated' });
    expect(screen.getByText(/have changed since you last accepted them/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'The terms in short' }).getAttribute('data-variant')).toBe(
      'partner',
    );
    expect(screen.getByText(/together with its communications platform partner/)).toBeTruthy();
  });

  it('an unsafe full-terms URL is not linked', async () => {
    backend.terms = [termsOf({ termsUrl: 'javascript:alert(1)' })];
    renderNotice('terms');
    await page('termsOfService');
    await screen.findByRole('checkbox');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('Accept unticked announces the error at the box and moves the focus there, each time', async () => {
    const user = userEvent.setup();
    backend.terms = [termsOf()];
    renderNotice('terms');
    await screen.findByRole('checkbox');
    await user.click(button('Accept'));
    await waitFor(() => expect(document.activeElement).toBe(checkbox()));
    const error = document.getElementById('terms-agree-error') as HTMLElement;
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe(
      'To continue, tick the box to accept the terms of service, or choose Decline.',
    );
    expect(checkbox().getAttribute('aria-invalid')).toBe('true');
    expect(checkbox().getAttribute('aria-describedby')).toBe('terms-agree-error');
    await expectAccessible();
    button('Accept').focus();
    await user.click(button('Accept'));
    expect(document.activeElement).toBe(checkbox());
    expect(backend.accepted).toEqual([]);
    // Ticking clears it; Accept then accepts this version.
    await user.click(checkbox());
    expect(error.textContent).toBe('');
    await user.click(button('Accept'));
    await waitFor(() => expect(outputs).toEqual([{ outcome: 'accepted', notice: 'terms' }]));
    expect(backend.accepted).toEqual(['2026-01-15']);
  });

  it('731: the new version shows, the page says the terms changed, and the box is unticked', async () => {
    const user = userEvent.setup();
    backend.terms = [termsOf(), newerTerms];
    backend.accept = [new ApiError({ code: 'API_ERROR_731', httpStatus: 409 }), {}];
    renderNotice('terms');
    await screen.findByRole('checkbox');
    await user.click(checkbox());
    await user.click(button('Accept'));
    await screen.findByText(/The terms of service changed while you were reading them/);
    expect(screen.getByRole('status').textContent).toMatch(/This is the new version/);
    expect(screen.getByText('Effective March 1, 2026')).toBeTruthy();
    expect(checkbox()).toHaveProperty('checked', false);
    await user.click(checkbox());
    await user.click(button('Accept'));
    await waitFor(() => expect(outputs).toEqual([{ outcome: 'accepted', notice: 'terms' }]));
    expect(backend.accepted).toEqual(['2026-03-01']);
  });

  it('a refused accept is announced on the page and keeps the tick', async () => {
    const user = userEvent.setup();
    backend.terms = [termsOf()];
    backend.accept = [new ApiError({ code: 'API_ERROR_429', httpStatus: 429, rayId: 'ray-42' })];
    renderNotice('terms');
    await screen.findByRole('checkbox');
    await user.click(checkbox());
    await user.click(button('Accept'));
    await waitFor(() => expect(pageAlert('termsOfService')).toMatch(/ray-42/));
    expect(checkbox()).toHaveProperty('checked', true);
    expect(outputs).toEqual([]);
  });

  it('a load that failed on the network says so, with Try again', async () => {
    const user = userEvent.setup();
    backend.terms = [new ApiError({ code: 'UI_ERROR_NETWORK' }), termsOf()];
    renderNotice('terms');
    await screen.findByRole('button', { name: 'Try again' });
    expect(pageAlert('termsOfService')).not.toBe('');
    await user.click(button('Try again'));
    await screen.findByRole('checkbox');
    expect(backend.termsLoads).toBe(2);
    expect(pageAlert('termsOfService')).toBe('');
  });

  it('Decline ends it declined', async () => {
    const user = userEvent.setup();
    backend.terms = [termsOf()];
    renderNotice('terms');
    await screen.findByRole('checkbox');
    await user.click(button('Decline'));
    await waitFor(() => expect(outputs).toEqual([{ outcome: 'declined', notice: 'terms' }]));
  });
});

describe('the retired-app notice', () => {
  it('names the app, when it was retired and its replacement, with both migration steps and no way back', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    backend.retired = [retiredOf()];
    renderNotice('retiredApp');
    await screen.findByRole('heading', { level: 1, name: 'Orvalle Classic Meetings has been retired' });
    await waitFor(() => expect(document.title).toBe('Orvalle Classic Meetings has been retired'));
    expect(screen.getByText(/It was retired on February 1, 2026\./)).toBeTruthy();
    expect(
      screen.getByText('Orvalle Connect replaces it. Sign in to Orvalle Connect with the same account.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'How to continue' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: /Get the Orvalle Connect app/ }).getAttribute('href')).toBe(
      'https://orvalle.example.com/download',
    );
    // No Accept, Decline or Cancel: nothing returns to the retired app.
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Copy download link']);
    await user.click(button('Copy download link'));
    expect(writeText).toHaveBeenCalledWith('https://orvalle.example.com/download/connect');
    await expectAccessible();
  });

  it('without a download URL: the install step only, with no copy button', async () => {
    backend.retired = [retiredOf({ downloadUrl: undefined, retiredOn: undefined })];
    renderNotice('retiredApp');
    await screen.findByRole('heading', { level: 2, name: 'How to continue' });
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/It was retired on/)).toBeNull();
    await expectAccessible();
  });

  it('without a replacement: no steps, and the administrator to ask', async () => {
    backend.retired = [
      retiredOf({ replacementName: undefined, appStoreUrl: undefined, downloadUrl: undefined }),
    ];
    renderNotice('retiredApp');
    await screen.findByText('Ask your administrator which app to use instead.');
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('an app still in service says so and offers nothing else', async () => {
    backend.retired = [{ appName: 'Orvalle Notes', retired: false }];
    renderNotice('retiredApp');
    await screen.findByRole('heading', { level: 1, name: 'Orvalle Notes is in service' });
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('a failed load ends the flow failed (the error page is the sign-in machine’s)', async () => {
    const error = new ApiError({ code: 'UI_ERROR_NETWORK' });
    backend.retired = [error];
    renderNotice('retiredApp');
    await waitFor(() => expect(outputs).toEqual([{ outcome: 'failed', error }]));
  });
});
