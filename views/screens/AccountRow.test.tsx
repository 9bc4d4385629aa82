import { render, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RememberedAccount } from '../../machines/accounts.ts';
import {
  brandConfigFixture,
  brandDetailHandlers,
  localesFixture,
  sessionsHandler,
} from '../../test/fixtures/api.ts';
import { okReply } from '../../test/fixtures/replies.ts';
import { App } from '../App.tsx';
import { SignInActor } from '../SignInActor.ts';

// The picker's rows on the real statechart, as the default brand's page shows them.
const api = setupServer(
  ...brandDetailHandlers,
  http.get('*/api/config/parameters', () => okReply(brandConfigFixture('1210'))),
  http.get('*/api/config/locales', () => okReply(localesFixture)),
  sessionsHandler([]),
);
beforeAll(() => api.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  api.resetHandlers();
  sessionStorage.clear();
  localStorage.clear();
});
afterAll(() => api.close());

const forced = '?clientId=demo-app&appUrlScheme=https%3A%2F%2Fapp.example%2Fcb&state=s1&force=true';

function renderPicker(remembered: RememberedAccount[]) {
  history.replaceState(null, '', `/${forced}`);
  localStorage.setItem('foyer.accounts', JSON.stringify(remembered));
  const input = { search: forced, hash: '', stored: {}, remembered, passkeyCapable: false };
  render(
    <SignInActor.Provider options={{ input }}>
      <App />
    </SignInActor.Provider>,
  );
}

/** The button that continues as the account, found by the name the row reads out. */
const row = (name: RegExp) => screen.findByRole('button', { name });
const avatarOf = (button: HTMLElement) => within(button).getByTestId('account-avatar');

describe('a picker row', () => {
  it("shows the account's initial, not a squeezed logo, and reads the name without it", async () => {
    renderPicker([
      { loginId: 'ada@example.com', displayName: 'Ada Quill', brandId: '1210' },
      { loginId: 'zoe@example.com', displayName: 'élodie Roux', brandId: '' },
      { loginId: 'grace@example.co.uk', displayName: '', brandId: '1210' },
    ]);
    const ada = await row(/^Ada Quill/);
    expect(avatarOf(ada).textContent).toBe('A');
    expect(ada.querySelector('img')).toBeNull();
    // Decorative: drawn first, but the button's name starts with the account's name, not "AAda".
    expect(ada.textContent?.startsWith('AAda Quill')).toBe(true);
    expect(avatarOf(ada).getAttribute('aria-hidden')).toBe('true');
    // Accents stay on their letter; an account with no name takes its email's initial.
    expect(avatarOf(await row(/^élodie Roux/)).textContent).toBe('É');
    expect(avatarOf(await row(/^g\*\*\*e@e\*\*\*e\.co\.uk/)).textContent).toBe('G');
  });

  it('shows a person, not a digit or a plus sign, for an account that is only a number', async () => {
    renderPicker([{ loginId: '+16505550100#101', displayName: '', brandId: '1210' }]);
    const avatar = avatarOf(await row(/^\*{6}/));
    expect(avatar.textContent).toBe('');
    expect(avatar.querySelector('svg path')).not.toBeNull();
  });

  it("names another brand's account's brand, and not the page's own", async () => {
    renderPicker([
      { loginId: 'ada@example.com', displayName: 'Ada Quill', brandId: '3710' },
      { loginId: 'grace@example.com', displayName: 'Grace', brandId: '1210' },
      { loginId: 'lin@example.com', displayName: 'Lin', brandId: '999999' },
    ]);
    await within(await row(/^Ada Quill/)).findByText('Thistlecombe Lines');
    expect(within(await row(/^Grace/)).queryByText('Orvalle Connect')).toBeNull();
    // An id with no token file has no name to show; it is not given the default brand's.
    expect((await row(/^Lin/)).textContent).not.toMatch(/Orvalle/);
  });
});
