import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { brandConfigFixture, brandDetailHandlers, localesFixture } from '../../test/fixtures/api.ts';
import { renderApp } from '../../test/fixtures/renderApp.tsx';
import { okReply } from '../../test/fixtures/replies.ts';

const federated = {
  ...brandConfigFixture('1210'),
  ssoEnabled: true,
  thirdPartySSOEnabled: true,
  appleLoginEnabled: true,
};
const api = setupServer(
  ...brandDetailHandlers,
  http.get('*/api/config/parameters', () => okReply(federated)),
  http.get('*/api/config/locales', () => okReply(localesFixture)),
);
beforeAll(() => api.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  api.resetHandlers();
  sessionStorage.clear();
});
afterAll(() => api.close());

/** What the identity provider returns to: the page's own parameters, the SSO email as login_hint. */
const returned =
  '?clientId=demo-app&appUrlScheme=https%3A%2F%2Fapp.example%2Fcb&state=s1&login_hint=sso%40example.com';

function open(hash: string) {
  const departures: string[] = [];
  renderApp(returned, {
    hash,
    actions: { openIdentityProvider: ({ context }) => void departures.push(context.identityEntrance ?? '') },
  });
  return departures;
}

describe('SSO notices (docs/notices.md)', () => {
  it.each([
    ['#/notification/google/SSO_ACCESS_DENIED', 'Google', /access was not allowed/],
    ['#/notification/sso/API_ERROR_501', 'your identity provider', /isn't available for this account/],
    ['#/notification/google/API_ERROR_508', 'Google', /requires single sign-on/],
    ['#/notification/apple/APPLE_HIDDEN_EMAIL', 'Apple', /hides your email/],
    ['#/notification/apple/API_ERROR_363', 'Apple', /suspended/i],
    ['#/notification/apple', 'Apple', /took too long/],
  ])(
    '%s: its heading, the SSO wording announced, Try again and Back to sign in',
    async (hash, provider, message) => {
      open(hash);
      expect(
        await screen.findByRole('heading', { level: 1, name: `You're not signed in with ${provider}` }),
      ).toBeTruthy();
      const text = screen.getByTestId('sso-outcome-message');
      expect(text.getAttribute('role')).toBe('alert');
      expect(text.textContent).toMatch(message);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Back to sign in' })).toBeTruthy();
      expect(location.hash).toBe(hash);
      expect(document.title).toBe(`You're not signed in with ${provider}`);
    },
  );

  it('Try again leaves for the same provider; Back to sign in opens the credential page', async () => {
    const user = userEvent.setup();
    const departures = open('#/notification/google/SSO_ACCESS_DENIED');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(departures).toEqual(['google']);

    open('#/notification/apple');
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByLabelText(/email or phone number/i)).toBeTruthy();
    expect(location.hash).toBe('#/enterCredential');
  });

  it('has no axe violations', async () => {
    open('#/notification/google/SSO_ACCESS_DENIED');
    await screen.findByRole('button', { name: 'Try again' });
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  });
});

describe('the identity-provider mismatch page', () => {
  it('names both identities, escaped, and offers Try again and Use another account', async () => {
    const user = userEvent.setup();
    open('#/error/sso/SSO_EMAIL_MISMATCH/%3Cb%3Eother%40example.com');
    expect(
      await screen.findByRole('heading', { level: 1, name: "You're signed in with another account" }),
    ).toBeTruthy();
    const text = screen.getByTestId('sso-outcome-message');
    expect(text.textContent).toBe(
      'You are signed in to your identity provider as <b>other@example.com, not sso@example.com. Sign out of your identity provider, then try again.',
    );
    expect(text.querySelector('b')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    // Single sign-on starts on its email page, the email the user started with in it.
    expect(await screen.findByLabelText('Work email')).toBeTruthy();
    expect((screen.getByLabelText('Work email') as HTMLInputElement).value).toBe('sso@example.com');
  });

  it('Use another account starts afresh', async () => {
    const user = userEvent.setup();
    open('#/error/google/SSO_EMAIL_MISMATCH/other%40example.com');
    await user.click(await screen.findByRole('button', { name: 'Use another account' }));
    expect(await screen.findByLabelText(/email or phone number/i)).toBeTruthy();
  });

  it('has no axe violations', async () => {
    open('#/error/sso/SSO_EMAIL_MISMATCH/other%40example.com');
    await screen.findByRole('button', { name: 'Use another account' });
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  });
});

describe('an SSO error code in the address (spec §2 start-up)', () => {
  it('opens the SSO-specific error page', async () => {
    renderApp(`${returned}&errorCode=API_ERROR_508`);
    expect(await screen.findByRole('heading', { level: 1, name: "Single sign-on didn't work" })).toBeTruthy();
    expect(screen.getByTestId('error-message').textContent).toMatch(/requires single sign-on/);
    expect(location.hash).toBe('#/error/API_ERROR_508');
  });
});
