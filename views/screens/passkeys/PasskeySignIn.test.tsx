import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { ApiError } from '../../../api/errors.ts';
import type { RememberedAccount } from '../../../machines/accounts.ts';
import { signInMachine } from '../../../machines/signIn.machine.ts';
import {
  brandConfigFixture,
  brandDetailHandlers,
  localesFixture,
  sessionsHandler,
} from '../../../test/fixtures/api.ts';
import { okReply } from '../../../test/fixtures/replies.ts';
import { App } from '../../App.tsx';
import { SignInActor } from '../../SignInActor.ts';
import { laptop, listOf, pending } from './passkeysTesting.tsx';

// The passkey ways in of the credential page and the picker, on the real statechart: the browser's
// ceremony is a stand-in; the passkeys list is the reference API's reply.
const brand = { passkeys: true };
const listed: (string | null)[] = [];
const api = setupServer(
  ...brandDetailHandlers,
  http.get('*/api/config/parameters', () => okReply({ ...brandConfigFixture('1210'), ...brand })),
  http.get('*/api/config/locales', () => okReply(localesFixture)),
  sessionsHandler(),
  http.get('*/api/passkeys', ({ request }) => {
    listed.push(new URL(request.url).searchParams.get('sessionId'));
    return okReply(listOf('none', [laptop]));
  }),
);
beforeAll(() => api.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  api.resetHandlers();
  brand.passkeys = true;
  requests.length = 0;
  listed.length = 0;
  sessionStorage.clear();
  localStorage.clear();
});
afterAll(() => api.close());

const requests: (string | undefined)[] = [];
let answer: () => Promise<never> = () => new Promise(() => undefined);

function renderApp(search: string, { capable = true, remembered = [] as RememberedAccount[] } = {}) {
  history.replaceState(null, '', `/${search}`);
  const logic = signInMachine.provide({
    actors: {
      // Autofill's request waits (as for a person who picks nothing); the button's is recorded.
      signInWithPasskey: fromPromise(
        async ({ input }: { input: { loginId?: string | undefined; autofill?: boolean } }) => {
          if (input.autofill) return new Promise<never>(() => undefined);
          requests.push(input.loginId);
          return answer();
        },
      ),
    } as never,
  });
  localStorage.setItem('foyer.accounts', JSON.stringify(remembered));
  const input = { search, hash: '', stored: {}, remembered, passkeyCapable: capable };
  return render(
    <SignInActor.Provider logic={logic} options={{ input }}>
      <App />
    </SignInActor.Provider>,
  );
}

const forced = '?clientId=demo-app&appUrlScheme=https%3A%2F%2Fapp.example%2Fcb&state=s1&force=true';
const button = (name: string) => screen.getByRole('button', { name });
const field = () => screen.findByLabelText('Email or phone number');

describe('the credential page', () => {
  it('offers a passkey among the other ways to sign in, and autofill in the field', async () => {
    const user = userEvent.setup();
    const request = pending<never>();
    answer = request.answer;
    renderApp(forced);
    expect((await field()).getAttribute('autocomplete')).toBe('username webauthn');
    const others = screen.getByRole('region', { name: 'Other ways to sign in' });
    await user.click(within(others).getByRole('button', { name: 'Sign in with a passkey' }));
    // The browser's request runs: the page waits for it, the button still there.
    await waitFor(() => expect(button('Sign in with a passkey').getAttribute('aria-disabled')).toBe('true'));
    // Next waits too, marked so rather than disabled: it keeps the focus if it had it (SubmitButton).
    expect(button('Next').getAttribute('aria-disabled')).toBe('true');
    // It waits without letting go of the focus (a disabled button would drop it to <body>), and a
    // second press meanwhile starts no second request.
    expect(button('Sign in with a passkey').hasAttribute('disabled')).toBe(false);
    await user.click(button('Sign in with a passkey'));
    expect((await field()).getAttribute('autocomplete')).toBe('username webauthn');
    expect(requests).toEqual([undefined]);
    request.reject(new ApiError({ code: 'UI_ERROR_PASSKEY_CANCELLED' }));
    await screen.findByText(/The passkey request was cancelled or timed out/);
    expect(button('Sign in with a passkey').getAttribute('aria-disabled')).toBeNull();
  });

  it('without passkeys for the brand, or in a browser without them: neither', async () => {
    brand.passkeys = false;
    renderApp(forced);
    expect((await field()).getAttribute('autocomplete')).toBe('username');
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
    expect(screen.queryByTestId('alternative-sign-in')).toBeNull();
  });

  it('in a browser without passkeys: neither', async () => {
    renderApp(forced, { capable: false });
    expect((await field()).getAttribute('autocomplete')).toBe('username');
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});

describe("the picker's rows", () => {
  const ada = { loginId: 'ada@example.com', displayName: 'Ada Quill', brandId: '1210', passkey: true };
  const grace = { loginId: 'grace@example.co.uk', displayName: 'Grace', brandId: '1210' };

  it('a row that used a passkey here offers it, for that account', async () => {
    const user = userEvent.setup();
    answer = pending<never>().answer;
    renderApp(forced, { remembered: [ada, grace] });
    await user.click(await screen.findByRole('button', { name: 'Sign in to Ada Quill with a passkey' }));
    expect(requests).toEqual(['ada@example.com']);
    // Grace never used one here.
    expect(screen.queryByRole('button', { name: 'Sign in to Grace with a passkey' })).toBeNull();
  });

  it('a signed-in row lists its passkeys, and Back to accounts returns to the picker', async () => {
    const user = userEvent.setup();
    renderApp(forced, { remembered: [ada, grace] });
    const link = await screen.findByRole('button', { name: 'Manage the passkeys of Ada Quill' });
    expect(link.textContent).toBe('Passkeys');
    expect(screen.queryByRole('button', { name: 'Manage the passkeys of Grace' })).toBeNull();
    await user.click(link);
    await screen.findByRole('heading', { level: 1, name: 'Passkeys' });
    expect(document.querySelector('[data-screen]')?.getAttribute('data-screen')).toBe('passkeys');
    expect(screen.getByText('Chrome on Linux')).toBeTruthy();
    expect(listed).toEqual(['a1b2c3d4e5f60718']);
    await user.click(button('Back to accounts'));
    await screen.findByRole('button', { name: 'Manage the passkeys of Ada Quill' });
  });

  it('without passkeys for the brand: no passkey links', async () => {
    brand.passkeys = false;
    renderApp(forced, { remembered: [ada] });
    await screen.findByRole('button', { name: /^Ada Quill/ });
    expect(screen.queryByRole('button', { name: /passkey/i })).toBeNull();
  });
});
