import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { type AnalyticsEvent, setAnalyticsSink } from '../machines/analytics.ts';
import { optionsBase as base, optionsApp } from '../test/fixtures/optionsApp.tsx';

// Remember me and the account picker it feeds (spec §2 `remember_me_on`, `hide_remember_me`; §4 the
// picker): what is kept on this device after a sign-in, and what a remembered account opens.

const { api, renderApp, submit } = optionsApp();

describe('remember me and the remembered accounts in the rendered app', () => {
  const rememberedIds = () =>
    (JSON.parse(localStorage.getItem('foyer.accounts') ?? '[]') as { loginId: string }[]).map(
      (account) => account.loginId,
    );
  const ada = { loginId: 'ada@example.com', displayName: 'Ada Quill', brandId: '1210' };

  it('remember me keeps the account after a successful sign-in, with its name and brand', async () => {
    renderApp(`${base}&force=true`);
    const remember = (await screen.findByRole('checkbox', { name: 'Remember me' })) as HTMLInputElement;
    expect(remember.checked).toBe(false);
    fireEvent.click(remember);
    await submit(/email or phone number/i, 'ada@example.com');
    // Nothing is kept until the password is verified.
    await screen.findByLabelText(/^password$/i);
    expect(localStorage.getItem('foyer.accounts')).toBeNull();
    await submit(/^password$/i, 'Violet-Harbor-47');
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('foyer.accounts') ?? '[]')).toEqual([
        { loginId: 'ada@example.com', displayName: 'Ada Quill', brandId: '1210' },
      ]),
    );
  });

  it('a remembered account opens the picker; choosing it goes to its password page, untyped', async () => {
    const sink: AnalyticsEvent[] = [];
    setAnalyticsSink((event) => sink.push(event));
    localStorage.setItem('foyer.accounts', JSON.stringify([ada]));
    renderApp(`${base}&force=true`, '', [ada]);
    const row = await screen.findByRole('button', { name: /^Ada Quill/ });
    expect(row.textContent).toContain('a***a@e***e.com');
    expect(row.textContent).toContain('Signed out');
    // Every call answered: past the alert's 100 ms, no "No internet connection" (a CI gallery found one).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('offline-alert')).toBeNull();
    fireEvent.click(row);
    await screen.findByLabelText(/^password$/i);
    expect(location.hash).toBe('#/enterPassword/email/ada%40example.com');
    // Spec §9 'continue-with start', and not 'manual'.
    expect(sink.filter((event) => ['continueWithStart', 'manual'].includes(event.name))).toEqual([
      { name: 'continueWithStart', clientId: 'demo-app', brandId: '1210' },
    ]);
  });

  it("the picker's listing failing on the network still shows the remembered account, with the offline alert", async () => {
    api.use(http.get('*/api/sessions', () => HttpResponse.error()));
    localStorage.setItem('foyer.accounts', JSON.stringify([ada]));
    renderApp(`${base}&force=true`, '', [ada]);
    expect((await screen.findByRole('button', { name: /^Ada Quill/ })).textContent).toContain('Signed out');
    expect((await screen.findByTestId('offline-alert')).textContent).toContain('No internet connection');
  });

  it('use another account: an empty credential page; unticking forgets the account after sign-in', async () => {
    const sink: AnalyticsEvent[] = [];
    setAnalyticsSink((event) => sink.push(event));
    localStorage.setItem('foyer.accounts', JSON.stringify([ada]));
    renderApp(`${base}&force=true`, '', [ada]);
    fireEvent.click(await screen.findByRole('button', { name: 'Use another account' }));
    const field = (await screen.findByLabelText(/email or phone number/i)) as HTMLInputElement;
    expect(field.value).toBe('');
    // Spec §9 'manual': the credential is typed in instead of a remembered account chosen.
    expect(sink.map((event) => event.name)).toContain('manual');
    expect(sink.map((event) => event.name)).not.toContain('continueWithStart');
    const remember = screen.getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement;
    expect(remember.checked).toBe(true);
    fireEvent.click(remember);
    await submit(/email or phone number/i, 'ada@example.com');
    await submit(/^password$/i, 'Violet-Harbor-47');
    await waitFor(() => expect(rememberedIds()).toEqual([]));
  });

  it('hide_remember_me hides the checkbox; with remember_me_on the account is still kept', async () => {
    renderApp(`${base}&force=true&ui_options=hide_remember_me%20remember_me_on`);
    await screen.findByLabelText(/email or phone number/i);
    expect(screen.queryByRole('checkbox', { name: 'Remember me' })).toBeNull();
    await submit(/email or phone number/i, 'ada@example.com');
    await submit(/^password$/i, 'Violet-Harbor-47');
    await waitFor(() => expect(rememberedIds()).toEqual(['ada@example.com']));
  });

  it('with the box hidden and no remember_me_on, an earlier choice on this device does not keep the next user', async () => {
    localStorage.setItem('foyer.accounts', JSON.stringify([ada]));
    renderApp(`${base}&force=true&ui_options=hide_remember_me&login_hint=grace%40example.co.uk`, '', [ada]);
    await submit(/email or phone number/i, 'grace@example.co.uk');
    await submit(/^password$/i, 'Quartz-Meadow-83');
    await waitFor(() => expect(rememberedIds()).toEqual(['ada@example.com']));
  });

  it('remember_me_on ticks the checkbox from the start', async () => {
    renderApp(`${base}&force=true&ui_options=remember_me_on`);
    const remember = (await screen.findByRole('checkbox', { name: 'Remember me' })) as HTMLInputElement;
    expect(remember.checked).toBe(true);
  });
});
