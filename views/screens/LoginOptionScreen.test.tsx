import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoginOption } from '../../api/contract/auth.ts';
import { type AnalyticsEvent, setAnalyticsSink } from '../../machines/analytics.ts';
import { brandConfigFixture, brandDetailHandlers, localesFixture } from '../../test/fixtures/api.ts';
import { renderApp } from '../../test/fixtures/renderApp.tsx';
import { okReply } from '../../test/fixtures/replies.ts';

let loginOptions: LoginOption[] = ['password', 'sso', 'emailLink'];
const api = setupServer(
  ...brandDetailHandlers,
  http.get('*/api/config/parameters', () => okReply({ ...brandConfigFixture('1210'), ssoEnabled: true })),
  http.get('*/api/config/locales', () => okReply(localesFixture)),
  http.post('*/api/login-info', () => okReply({ brandId: '1210', loginType: 'password', loginOptions })),
);
beforeAll(() => api.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  api.resetHandlers();
  sessionStorage.clear();
  setAnalyticsSink(undefined);
  loginOptions = ['password', 'sso', 'emailLink'];
});
afterAll(() => api.close());

const app = '?clientId=demo-app&appUrlScheme=https%3A%2F%2Fapp.example%2Fcb&state=s1&force=true';

async function toOptions() {
  const user = userEvent.setup();
  const departures: string[] = [];
  const events: AnalyticsEvent[] = [];
  setAnalyticsSink((event) => events.push(event));
  renderApp(app, {
    actions: {
      openIdentityProvider: ({ context }) =>
        void departures.push(`${context.identityEntrance}:${context.credential?.loginId}`),
    },
  });
  await user.type(await screen.findByLabelText(/email or phone number/i), 'options@example.com');
  await user.keyboard('{Enter}');
  await screen.findByRole('heading', { level: 1, name: 'How do you want to sign in?' });
  return { user, departures, events };
}

describe('the login option page', () => {
  it('offers the ways login-info named, names the account, and sends the option event', async () => {
    const { events } = await toOptions();
    expect(location.hash).toBe('#/loginOption');
    const email = screen.getByText('options@example.com');
    expect(email.closest('p')?.textContent).toBe('options@example.com can sign in more than one way.');
    expect(email.closest('bdi')?.dir).toBe('ltr');
    for (const name of ['Use my password', 'Sign in with single sign-on', 'Email me a sign-in link'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(events.filter((event) => event.name === 'option')).toHaveLength(1);
    expect(document.title).toBe('How do you want to sign in?');
  });

  it('leaves out a way login-info did not name', async () => {
    loginOptions = ['password', 'sso'];
    await toOptions();
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).toBeNull();
  });

  it('Use my password opens the password page; Change comes back here', async () => {
    const { user } = await toOptions();
    await user.click(screen.getByRole('button', { name: 'Use my password' }));
    expect(await screen.findByLabelText(/^password$/i)).toBeTruthy();
    expect(location.hash).toBe('#/enterPassword/email/options%40example.com');
    await user.click(screen.getByRole('button', { name: /^change$/i }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How do you want to sign in?' }),
    ).toBeTruthy();
  });

  it('single sign-on leaves with the email as the hint', async () => {
    const { user, departures } = await toOptions();
    await user.click(screen.getByRole('button', { name: 'Sign in with single sign-on' }));
    expect(departures).toEqual(['sso:options@example.com']);
  });

  it('Back returns to the credential page', async () => {
    const { user } = await toOptions();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText(/email or phone number/i)).toBeTruthy();
    expect(location.hash).toBe('#/enterCredential');
  });

  it('has no axe violations', async () => {
    await toOptions();
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  });
});
