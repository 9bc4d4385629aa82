import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AnalyticsEvent, setAnalyticsSink } from '../../../machines/analytics.ts';
import { verifySecondFactor } from '../../../machines/twoFactor/flow.ts';
import { brandConfigFixture, brandDetailHandlers, localesFixture } from '../../../test/fixtures/api.ts';
import { renderApp } from '../../../test/fixtures/renderApp.tsx';
import { failureReply, okReply } from '../../../test/fixtures/replies.ts';
import { lazyScreens } from '../lazyScreens.ts';

const maskedPhone = '(•••) •••-••42';
const maskedEmail = 'm••@e••••••.com';
/** The backend's side of one sign-in: what the account has, and whether its second factor is done. */
const backend = {
  verified: false,
  enrolled: false,
  authenticatorRequired: false,
  callsRefused: false,
  sends: 0,
};
const navigations: string[] = [];

const api = setupServer(
  ...brandDetailHandlers,
  http.get('*/api/config/parameters', () => okReply(brandConfigFixture('1210'))),
  http.get('*/api/config/locales', () => okReply(localesFixture)),
  http.post('*/api/login-info', () => okReply({ brandId: '1210', loginType: 'password' })),
  http.post('*/api/login', () =>
    okReply({ brandId: '1210', accountId: '1', extensionId: '101', sessionId: 's1' }),
  ),
  http.post('*/api/post-authn/generate-code', () =>
    backend.verified
      ? okReply({
          extensionId: '101',
          accountId: '1',
          redirectUri: 'https://app.example/cb?code=abc&state=s1',
        })
      : failureReply(403, backend.authenticatorRequired ? 224 : 306, 'Two-factor verification required'),
  ),
  http.get('*/api/two-factor/mfa-settings', () =>
    okReply({
      required: true,
      authenticatorRequired: backend.authenticatorRequired,
      ...(backend.enrolled ? { secondFactorType: 'TOTP' } : {}),
      trustedDeviceDays: 30,
      resendAfterSeconds: 30,
    }),
  ),
  http.get('*/api/two-factor/contact-info', () =>
    okReply({
      contacts: [
        { contactBy: 'Phone', masked: maskedPhone },
        { contactBy: 'Sms', masked: maskedPhone },
        { contactBy: 'Email', masked: maskedEmail },
      ],
    }),
  ),
  http.post('*/api/two-factor/send-code', async ({ request }) => {
    const { contactBy } = (await request.json()) as { contactBy: string };
    if (contactBy === 'Phone' && backend.callsRefused) return failureReply(400, 321, 'Calls unavailable');
    backend.sends += 1;
    const masked = contactBy === 'Email' ? maskedEmail : maskedPhone;
    return okReply({ contactBy, masked, resendAfterSeconds: 30, expiresInSeconds: 600 });
  }),
  http.post('*/api/two-factor/verify-code', async ({ request }) => {
    const { code } = (await request.json()) as { code: string };
    if (code !== '424242') return failureReply(400, 310, 'Incorrect code');
    backend.verified = true;
    return okReply({ verified: true });
  }),
  http.get('*/api/two-factor/mfa-totp', () =>
    okReply({
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
      otpauthUri: 'otpauth://totp/Foyer:mfa%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Foyer',
      issuer: 'Foyer',
      accountName: 'mfa@example.com',
    }),
  ),
  http.post('*/api/two-factor/mfa-totp-verification', async ({ request }) => {
    const { code } = (await request.json()) as { code: string };
    if (code !== '135790') return failureReply(400, 315, 'Incorrect code');
    backend.verified = true;
    return okReply({ verified: true });
  }),
);

beforeAll(async () => {
  api.listen({ onUnhandledFrame: 'error' });
  // The flow's machine and screens are chunks the app fetches on demand; under a loaded CI machine their
  // first transform can outlast a query's wait, so they are fetched before the tests (as the idle
  // prefetch does in a browser).
  await Promise.all([verifySecondFactor.preload(), lazyScreens.twoFactor.preload()]);
});
afterEach(() => {
  Object.assign(backend, {
    verified: false,
    enrolled: false,
    authenticatorRequired: false,
    callsRefused: false,
    sends: 0,
  });
  navigations.length = 0;
  sessionStorage.clear();
});
afterAll(() => api.close());

const hiddenConsent =
  '?clientId=demo-app&appUrlScheme=https%3A%2F%2Fapp.example%2Fcb&state=s1&force=true&ui_options=hide_consent';

async function signIn() {
  renderApp(hiddenConsent, {
    actions: { navigateAway: ({ context }) => void navigations.push(context.redirectUrl ?? '') },
  });
  await submit(/email or phone number/i, 'mfa@example.com');
  await submit(/^password$/i, 'Violet-Harbor-47');
}
async function submit(label: RegExp, value: string) {
  const field = await screen.findByLabelText(label);
  fireEvent.change(field, { target: { value } });
  fireEvent.submit(field.closest('form') as HTMLFormElement);
}

describe('two-factor screens against the API (msw)', () => {
  it('sends a code by text message, refuses a wrong one, and continues the code request with the right one', async () => {
    const sink: AnalyticsEvent[] = [];
    setAnalyticsSink((event) => sink.push(event));
    await signIn();
    fireEvent.click(await screen.findByRole('button', { name: /text me/i }));
    // Spec §9 '2-factor start', once, when the code request asked for a second factor.
    expect(sink.filter((event) => event.name === 'twoFactorStart')).toEqual([
      { name: 'twoFactorStart', clientId: 'demo-app', brandId: '1210' },
    ]);
    setAnalyticsSink(undefined);
    await waitFor(() =>
      expect(location.hash).toBe(`#/twoFactor/verify/Sms/${encodeURIComponent(maskedPhone)}`),
    );
    const field = await screen.findByLabelText(/^security code$/i);
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByRole('button', { name: /send a new code/i })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('resend-countdown').textContent).toMatch(/\d+ s/);
    expect(screen.getByLabelText(/don't ask again on this device for 30 days/i)).toBeTruthy();
    await submit(/^security code$/i, '');
    await screen.findByText('Enter a code');
    await submit(/^security code$/i, '111111');
    await screen.findByText('Invalid security code');
    await submit(/^security code$/i, '424 242');
    await waitFor(() => expect(navigations).toEqual(['https://app.example/cb?code=abc&state=s1']));
  });

  it('steers to email when calls to the number are not available (321)', async () => {
    backend.callsRefused = true;
    await signIn();
    fireEvent.click(await screen.findByRole('button', { name: /call me/i }));
    await screen.findByText(/calls to the number is not available/i);
    const email = screen.getByRole('button', { name: /email me/i });
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(screen.getByRole('button', { name: /call me/i })).toHaveProperty('disabled', true);
    expect(backend.sends).toBe(0);
  });

  it('sets up an authenticator when the administrator requires one (224): QR, key, copy, code', async () => {
    backend.authenticatorRequired = true;
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    await signIn();
    await waitFor(() => expect(location.hash).toBe('#/twoFactor/setupAuthentication'));
    expect(await screen.findByRole('img', { name: /qr code to add mfa@example.com at foyer/i })).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    fireEvent.click(screen.getByRole('button', { name: /copy key/i }));
    await screen.findByText('Key copied.');
    expect(copied).toEqual(['JBSWY3DPEHPK3PXPJBSWY3DP']);
    fireEvent.click(screen.getByRole('button', { name: /next/i }));
    await submit(/^security code$/i, '000000');
    await screen.findByText('That code is incorrect');
    await submit(/^security code$/i, '135790');
    await waitFor(() => expect(navigations).toEqual(['https://app.example/cb?code=abc&state=s1']));
  });

  it('asks an enrolled account for its authenticator code first', async () => {
    backend.enrolled = true;
    await signIn();
    await waitFor(() => expect(location.hash).toBe('#/twoFactor/verify/APP'));
    expect(screen.queryByRole('button', { name: /send a new code/i })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /choose another way/i }));
    await waitFor(() => expect(location.hash).toBe('#/twoFactor/options'));
    expect(screen.getByRole('button', { name: /use my authenticator app/i })).toBeTruthy();
  });

  it('resumes the code entry on a reload without sending another code, and goes back to the options', async () => {
    const hash = `#/twoFactor/verify/Email/${encodeURIComponent(maskedEmail)}`;
    renderApp(hiddenConsent, {
      hash,
      stored: {
        authenticated: true,
        credential: { kind: 'email', loginEmail: 'mfa@example.com', loginId: 'mfa@example.com' },
      },
      actions: { navigateAway: ({ context }) => void navigations.push(context.redirectUrl ?? '') },
    });
    expect(await screen.findByText(/we sent a 6-digit code by email to/i)).toBeTruthy();
    expect(location.hash).toBe(hash);
    expect(backend.sends).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: /choose another way/i }));
    await waitFor(() => expect(location.hash).toBe('#/twoFactor/options'));
    await submitCodeFromOptions();
  });
});

/** From the options page: email, then the right code, and the sign-in goes on to the app. */
async function submitCodeFromOptions() {
  fireEvent.click(await screen.findByRole('button', { name: /email me/i }));
  await screen.findByLabelText(/^security code$/i);
  await submit(/^security code$/i, '424242');
  await waitFor(() => expect(navigations).toEqual(['https://app.example/cb?code=abc&state=s1']));
}
