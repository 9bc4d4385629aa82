import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifySecondFactor } from '../../../machines/twoFactor/flow.ts';
import { brandConfigFixture, brandDetailHandlers, localesFixture } from '../../../test/fixtures/api.ts';
import { renderApp } from '../../../test/fixtures/renderApp.tsx';
import { failureReply, okReply } from '../../../test/fixtures/replies.ts';
import { lazyScreens } from '../lazyScreens.ts';
import * as local from './twoFactor.css.ts';

// The code page's own wording (docs/two-factor.md "The page's side"): the first code says it was sent,
// a resend that a new one is on its way (each announced anew), how long a code works, a resend link that
// looks disabled while it is, and how long to wait after too many codes.
const maskedPhone = '(•••) •••-••42';
const backend = { resendAfterSeconds: 30, expiresInSeconds: 600, limitedFor: 0 };

const api = setupServer(
  ...brandDetailHandlers,
  http.get('*/api/config/parameters', () => okReply(brandConfigFixture('1210'))),
  http.get('*/api/config/locales', () => okReply(localesFixture)),
  http.post('*/api/login-info', () => okReply({ brandId: '1210', loginType: 'password' })),
  http.post('*/api/login', () =>
    okReply({ brandId: '1210', accountId: '1', extensionId: '101', sessionId: 's1' }),
  ),
  http.post('*/api/post-authn/generate-code', () =>
    failureReply(403, 306, 'Two-factor verification required'),
  ),
  http.get('*/api/two-factor/mfa-settings', () =>
    okReply({ required: true, authenticatorRequired: false, trustedDeviceDays: 30, resendAfterSeconds: 30 }),
  ),
  http.get('*/api/two-factor/contact-info', () =>
    okReply({ contacts: [{ contactBy: 'Sms', masked: maskedPhone }] }),
  ),
  http.post('*/api/two-factor/send-code', async ({ request }) => {
    const { contactBy } = (await request.json()) as { contactBy: string };
    if (backend.limitedFor > 0)
      return HttpResponse.json(
        {
          status: {
            success: false,
            code: 413,
            errorParameters: { retryAfterSeconds: String(backend.limitedFor) },
            backendMessage: 'Too many codes',
          },
        },
        { status: 403 },
      );
    return okReply({
      contactBy,
      masked: maskedPhone,
      resendAfterSeconds: backend.resendAfterSeconds,
      expiresInSeconds: backend.expiresInSeconds,
    });
  }),
);

beforeAll(async () => {
  api.listen({ onUnhandledFrame: 'error' });
  await Promise.all([verifySecondFactor.preload(), lazyScreens.twoFactor.preload()]);
});
afterEach(() => {
  Object.assign(backend, { resendAfterSeconds: 30, expiresInSeconds: 600, limitedFor: 0 });
  vi.useRealTimers();
  sessionStorage.clear();
});
afterAll(() => api.close());

const hiddenConsent =
  '?clientId=demo-app&appUrlScheme=https%3A%2F%2Fapp.example%2Fcb&state=s1&force=true&ui_options=hide_consent';

async function submit(label: RegExp, value: string) {
  const field = await screen.findByLabelText(label);
  fireEvent.change(field, { target: { value } });
  fireEvent.submit(field.closest('form') as HTMLFormElement);
}

/** Signs in, has a code texted, and answers the code page's live region. */
async function toCodePage() {
  renderApp(hiddenConsent, { actions: { navigateAway: () => {} } });
  await submit(/email or phone number/i, 'mfa@example.com');
  await submit(/^password$/i, 'Violet-Harbor-47');
  fireEvent.click(await screen.findByRole('button', { name: /text me/i }));
  await screen.findByLabelText(/^security code$/i);
  const live = document.querySelector('section[data-screen="twoFactorVerify"] p[aria-live="polite"]');
  expect(live).not.toBeNull();
  return live as HTMLElement;
}

const resendButton = () => screen.getByRole('button', { name: /send a new code/i });

describe('the code page (sent codes)', () => {
  it('says the first code was sent, to where, and how long it works; no "new code" yet', async () => {
    const live = await toCodePage();
    await screen.findByText(/We sent a 6-digit code by text message to/);
    expect(screen.getByText(maskedPhone)).toBeTruthy();
    // Nothing is announced as new: the first code is the subtitle's, read after the focused heading.
    expect(live.textContent).toBe('');
    expect(screen.getByText('The code works for 10 minutes.')).toBeTruthy();
  });

  it('states the lifetime the server answered, in whole minutes', async () => {
    backend.expiresInSeconds = 60;
    await toCodePage();
    expect(await screen.findByText('The code works for 1 minute.')).toBeTruthy();
  });

  it('styles "Send a new code" as disabled while it waits, not as an active link', async () => {
    await toCodePage();
    const button = resendButton();
    expect(button).toHaveProperty('disabled', true);
    expect(button.matches(':disabled')).toBe(true);
    // The rule that mutes it (no link colour, no underline, no pointer) is on `:disabled` of this class.
    expect(button.classList.contains(local.resendLink)).toBe(true);
  });

  it('announces each resend as new text: a new code is on its way, sent at its own time', async () => {
    backend.resendAfterSeconds = 0;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 0, 2, 10, 0, 0));
    const live = await toCodePage();
    await waitFor(() => expect(resendButton()).toHaveProperty('disabled', false));
    expect(resendButton().classList.contains(local.resendLink)).toBe(true);

    vi.setSystemTime(new Date(2030, 0, 2, 10, 0, 31));
    fireEvent.click(resendButton());
    await waitFor(() => expect(live.textContent).toMatch(/^A new code is on its way \(sent at 10:00:31/));
    const first = screen.getByTestId('code-resent');

    await waitFor(() => expect(resendButton()).toHaveProperty('disabled', false));
    vi.setSystemTime(new Date(2030, 0, 2, 10, 1, 5));
    fireEvent.click(resendButton());
    await waitFor(() => expect(live.textContent).toMatch(/^A new code is on its way \(sent at 10:01:05/));
    // A node of its own each time, so the live region reports an addition, not an unchanged text.
    expect(screen.getByTestId('code-resent')).not.toBe(first);
    expect(first.isConnected).toBe(false);
  });

  it('after too many codes, says how many minutes to wait (413 retryAfterSeconds)', async () => {
    backend.resendAfterSeconds = 0;
    await toCodePage();
    await waitFor(() => expect(resendButton()).toHaveProperty('disabled', false));
    backend.limitedFor = 130;
    fireEvent.click(resendButton());
    expect(
      await screen.findByText("You've asked for too many codes. You can ask for a new one in 3 minutes.", {
        exact: false,
      }),
    ).toBeTruthy();
  });
});

describe('the code page warns before the code expires (WCAG 2.2.1)', () => {
  const expiryRegion = () => {
    const region = document.querySelector(`section[data-screen="twoFactorVerify"] .${local.expiry}`);
    expect(region).not.toBeNull();
    return region as HTMLElement;
  };

  it('a minute before, says so politely once with Send a new code; then that it expired; a new code starts over', async () => {
    // Faked timers that still run on their own, so the sign-in's calls settle; jumps move the flow's delays.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    Object.assign(backend, { resendAfterSeconds: 0, expiresInSeconds: 120 });
    await toCodePage();
    await waitFor(() => expect(resendButton()).toHaveProperty('disabled', false));
    // The live region is on the page, empty, before anything is said in it.
    const region = expiryRegion();
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');

    await vi.advanceTimersByTimeAsync(61_000);
    await waitFor(() =>
      expect(region.textContent).toBe(
        'Your code expires in 1 minute. Send a new code if you need more time.',
      ),
    );
    // The same region (so it is announced, once), with the resend offered beside it.
    expect(expiryRegion()).toBe(region);
    expect(resendButton()).toHaveProperty('disabled', false);

    await vi.advanceTimersByTimeAsync(60_000);
    await waitFor(() =>
      expect(region.textContent).toBe('Your code has expired. Send a new code to continue.'),
    );
    expect(expiryRegion()).toBe(region);

    fireEvent.click(resendButton());
    await waitFor(() =>
      expect(screen.getByTestId('code-resent').textContent).toMatch(/^A new code is on its way/),
    );
    expect(region.textContent).toBe('');
    await vi.advanceTimersByTimeAsync(61_000);
    await waitFor(() => expect(region.textContent).toMatch(/^Your code expires in 1 minute\./));
  });

  it('says nothing of expiry while the code is fresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await toCodePage();
    await vi.advanceTimersByTimeAsync(539_000);
    expect(expiryRegion().textContent).toBe('');
    await vi.advanceTimersByTimeAsync(2_000);
    await waitFor(() => expect(expiryRegion().textContent).toMatch(/^Your code expires in 1 minute\./));
  });
});
