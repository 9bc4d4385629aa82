import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/errors.ts';
import {
  backend,
  expectAccessible,
  laptop,
  listOf,
  outputs,
  page,
  pageAlert,
  pending,
  phone,
  renderPasskeys,
  resetBackend,
} from './passkeysTesting.tsx';

afterEach(resetBackend);

const button = (name: string) => screen.getByRole('button', { name });
const cancelled = new ApiError({ code: 'UI_ERROR_PASSKEY_CANCELLED' });
const manage = { kind: 'manage', sessionId: 'row-session' } as const;
const calls = () => backend.calls.map((call) => call.actor);

describe('the offer after a password sign-in', () => {
  it('names itself, says what a passkey is, and Create runs the ceremony, saying what to do meanwhile', async () => {
    const user = userEvent.setup();
    const ceremony = pending<typeof phone>();
    backend.answers.registerPasskey = ceremony.answer;
    renderPasskeys({ kind: 'offer' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in faster next time with a passkey' });
    await waitFor(() => expect(document.title).toBe('Sign in faster next time with a passkey'));
    expect(screen.getByText(/lets you sign in with your fingerprint, face or screen lock/)).toBeTruthy();
    expect(button('Not now').getAttribute('aria-describedby')).toBe('passkeyOffer-hint');
    expect(document.getElementById('passkeyOffer-hint')?.textContent).toMatch(/not be asked again/);
    expect(screen.getByRole('status').textContent).toBe('');
    await expectAccessible();

    await user.click(button('Create'));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        "Follow your browser's steps to create the passkey.",
      ),
    );
    expect(button('Create').getAttribute('aria-disabled')).toBe('true');
    expect(button('Not now').getAttribute('aria-disabled')).toBe('true');
    ceremony.resolve(phone);
    // Made: the list says it is ready, and Continue goes on with the sign-in.
    await page('passkeyList');
    await screen.findByText('Your passkey is ready. Next time, choose it when you sign in.');
    await user.click(button('Continue'));
    await waitFor(() => expect(outputs).toEqual([{ outcome: 'continued', created: true }]));
  });

  it('a refused ceremony is announced on the offer, which stays usable', async () => {
    const user = userEvent.setup();
    backend.answers.registerPasskey = () => Promise.reject(cancelled);
    renderPasskeys({ kind: 'offer' });
    await page('passkeyOffer');
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(pageAlert('passkeyOffer')).toBe(
        'The passkey request was cancelled or timed out. Try again, or sign in with your password.',
      ),
    );
    expect(document.getElementById('passkeyOffer-error')?.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('status').textContent).toBe('');
    expect(button('Create').getAttribute('aria-disabled')).toBeNull();
    await expectAccessible();
  });

  it('Not now from the keyboard waits for the call, then goes on', async () => {
    const user = userEvent.setup();
    const dismissal = pending<object>();
    backend.answers.dismissOffer = dismissal.answer;
    renderPasskeys({ kind: 'offer' });
    await screen.findByRole('button', { name: 'Create' });
    await user.tab();
    expect(document.activeElement).toBe(button('Create'));
    await user.tab();
    expect(document.activeElement).toBe(button('Not now'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button('Not now').getAttribute('aria-disabled')).toBe('true'));
    expect(button('Create').getAttribute('aria-disabled')).toBe('true');
    dismissal.resolve({ dismissed: true });
    await waitFor(() => expect(outputs).toEqual([{ outcome: 'continued', created: false }]));
    expect(calls()).toEqual(['loadPasskeys', 'dismissOffer']);
  });

  it('shows the loading indicator while the list loads', async () => {
    const load = pending<ReturnType<typeof listOf>>();
    backend.answers.loadPasskeys = load.answer;
    renderPasskeys({ kind: 'offer' });
    await screen.findByRole('status', { name: 'Loading…' });
    expect(document.querySelector('section[data-screen]')).toBeNull();
    load.resolve(listOf('show'));
    await page('passkeyOffer');
  });
});

describe("an account's passkeys", () => {
  it('lists each passkey with its dates, sync and re-enrolment; Remove is named by the passkey', async () => {
    backend.answers.loadPasskeys = () =>
      listOf('none', [laptop, { ...phone, needsReenrolment: true, name: 'A'.repeat(64) }]);
    renderPasskeys(manage);
    await screen.findByRole('heading', { level: 1, name: 'Passkeys' });
    await waitFor(() => expect(document.title).toBe('Passkeys'));
    const list = screen.getByRole('list', { name: 'Passkeys' });
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Chrome on Linux')).toBeTruthy();
    expect(within(first).getByText('Created Nov 20, 2026')).toBeTruthy();
    expect(within(first).getByText('Last used Nov 24, 2026')).toBeTruthy();
    expect(within(first).queryByText('Synced to your other devices')).toBeNull();
    expect(within(second).getByText('Not used yet')).toBeTruthy();
    expect(within(second).getByText('Synced to your other devices')).toBeTruthy();
    expect(within(second).getByText(/No longer accepted/)).toBeTruthy();
    expect(
      within(first).getByRole('button', { name: 'Remove the passkey Chrome on Linux' }).textContent,
    ).toBe('Remove');
    expect(screen.getByText(/does not remove your passkeys/)).toBeTruthy();
    expect(button('Back to accounts')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await expectAccessible();
    expect(calls()).toEqual(['loadPasskeys']);
    expect(backend.calls[0]?.input).toEqual({ clientId: 'demo-app', sessionId: 'row-session' });
  });

  it('an unreadable date is left out', async () => {
    backend.answers.loadPasskeys = () => listOf('none', [{ ...laptop, createdAt: 'soon', lastUsedAt: 'x' }]);
    renderPasskeys(manage);
    const item = await screen.findByRole('listitem');
    expect(within(item).queryByText(/^Created/)).toBeNull();
    expect(within(item).getByText('Not used yet')).toBeTruthy();
  });

  it('Remove waits for the call, then says which passkey went and moves the focus to the list', async () => {
    const user = userEvent.setup();
    const removal = pending<ReturnType<typeof listOf>>();
    backend.answers.loadPasskeys = () => listOf('none', [laptop, phone]);
    backend.answers.removePasskey = removal.answer;
    renderPasskeys(manage);
    await user.click(await screen.findByRole('button', { name: 'Remove the passkey Chrome on Linux' }));
    await waitFor(() => expect(button('Back to accounts').getAttribute('aria-disabled')).toBe('true'));
    for (const control of screen.getAllByRole('button'))
      expect(control.getAttribute('aria-disabled')).toBe('true');
    expect(backend.calls[1]).toEqual({
      actor: 'removePasskey',
      input: { clientId: 'demo-app', sessionId: 'row-session', passkeyId: '1' },
    });
    removal.resolve(listOf('none', [phone]));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Chrome on Linux was removed. You can also delete it from your device or password manager.',
      ),
    );
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1);
    expect(document.activeElement?.contains(screen.getByRole('list'))).toBe(true);
    await user.click(button('Back to accounts'));
    await waitFor(() => expect(outputs).toEqual([{ outcome: 'closed' }]));
  });

  it('without passkeys: the empty state, and Create a passkey adds one', async () => {
    const user = userEvent.setup();
    backend.answers.loadPasskeys = () => listOf('none', []);
    renderPasskeys(manage);
    await screen.findByText('This account has no passkeys yet.');
    expect(screen.queryByRole('list')).toBeNull();
    await expectAccessible();
    await user.click(button('Create a passkey'));
    await screen.findByText('Your passkey is ready. Next time, choose it when you sign in.');
    expect(within(screen.getByRole('list')).getByText('Safari on iPhone')).toBeTruthy();
    expect(screen.queryByText('This account has no passkeys yet.')).toBeNull();
  });

  it('a refused removal is announced and keeps the list', async () => {
    const user = userEvent.setup();
    backend.answers.loadPasskeys = () => listOf('none', [laptop]);
    backend.answers.removePasskey = () =>
      Promise.reject(new ApiError({ code: 'API_ERROR_751', httpStatus: 404, backendMessage: 'no' }));
    renderPasskeys(manage);
    await user.click(await screen.findByRole('button', { name: 'Remove the passkey Chrome on Linux' }));
    await waitFor(() => expect(pageAlert('passkeyList')).toMatch(/not registered for this account/));
    expect(screen.getByRole('list')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a list that failed to load says why, with Try again', async () => {
    const user = userEvent.setup();
    let loads = 0;
    backend.answers.loadPasskeys = () =>
      ++loads === 1 ? Promise.reject(new ApiError({ code: 'UI_ERROR_NETWORK' })) : listOf('none', [laptop]);
    renderPasskeys(manage);
    await screen.findByRole('button', { name: 'Try again' });
    expect(pageAlert('passkeyList')).not.toBe('');
    expect(screen.queryByText('This account has no passkeys yet.')).toBeNull();
    await expectAccessible();
    await user.click(button('Try again'));
    await screen.findByText('Chrome on Linux');
    expect(pageAlert('passkeyList')).toBe('');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
