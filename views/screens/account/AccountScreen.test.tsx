import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manageAccount } from '../../../machines/account/flow.ts';
import { brandConfigFixture, brandDetailHandlers, localesFixture } from '../../../test/fixtures/api.ts';
import { renderApp } from '../../../test/fixtures/renderApp.tsx';
import { failureReply, okReply } from '../../../test/fixtures/replies.ts';
import { lazyScreens } from '../lazyScreens.ts';

const maskedEmail = 'n***e@e***e.com';
const token = 'Qx7-_Lm2Pz9aBcDeFgHiJkLmNoPqRsTuVwXyZ012345';
const signedIn = { brandId: '1210', accountId: '1', extensionId: '101', sessionId: 's1' };
/** The backend's side: what the account is, and what the page asked of it. */
const backend = { loginCode: 0, recoverySends: 0, activationSends: 0, resets: [] as string[] };
const navigations: string[] = [];

/** Spec §3 error reply with a password policy code (docs/passwords.md: 402 carries errorCode). */
const passwordRefused = (errorCode: string, numberOfLastUsedPasswords: number) =>
  HttpResponse.json(
    {
      status: { success: false, code: 402, errorParameters: {}, backendMessage: 'Password error' },
      errorCode,
      numberOfLastUsedPasswords,
    },
    { status: 400 },
  );

const api = setupServer(
  ...brandDetailHandlers,
  http.get('*/api/config/parameters', () => okReply(brandConfigFixture('1210'))),
  http.get('*/api/config/locales', () => okReply(localesFixture)),
  http.post('*/api/login-info', () => okReply({ brandId: '1210', loginType: 'password' })),
  http.post('*/api/login', () =>
    backend.loginCode ? failureReply(403, backend.loginCode, 'Refused') : okReply(signedIn),
  ),
  http.post('*/api/post-authn/generate-code', () =>
    okReply({ extensionId: '101', accountId: '1', redirectUri: 'https://app.example/cb?code=abc&state=s1' }),
  ),
  http.post('*/api/account/email-recovery-link', () => {
    backend.recoverySends += 1;
    return okReply({ maskedEmail });
  }),
  http.post('*/api/account/reset-password-info', () =>
    okReply({
      loginId: 'nora.castlemaine@example.com',
      purpose: 'reset',
      hasPin: false,
      accountInfo: { email: 'nora.castlemaine@example.com', firstName: 'Nora', lastName: 'Castlemaine' },
      numberOfLastUsedPasswords: 4,
    }),
  ),
  http.post('*/api/account/reset-password', async ({ request }) => {
    const { password } = (await request.json()) as { password: string };
    // Violet-Harbor-47 is one of the account's last four passwords.
    if (password === 'Violet-Harbor-47') return passwordRefused('PWD-015', 4);
    backend.resets.push(password);
    return okReply({ loginId: 'nora.castlemaine@example.com' });
  }),
  http.post('*/api/account/send-activation', () => {
    backend.activationSends += 1;
    return okReply({ maskedEmail });
  }),
  http.post('*/api/loginWithActivationCode', () => okReply(signedIn)),
);

beforeAll(async () => {
  api.listen({ onUnhandledFrame: 'error' });
  // Fetched ahead, as the idle prefetch does in a browser (see TwoFactorScreen.test.tsx).
  await Promise.all([
    manageAccount.preload(),
    lazyScreens.account.preload(),
    lazyScreens.enterPassword.preload(),
  ]);
});
afterEach(() => {
  Object.assign(backend, { loginCode: 0, recoverySends: 0, activationSends: 0, resets: [] });
  navigations.length = 0;
  sessionStorage.clear();
});
afterAll(() => api.close());

const hiddenConsent =
  '?clientId=demo-app&appUrlScheme=https%3A%2F%2Fapp.example%2Fcb&state=s1&force=true&ui_options=hide_consent';
const recordNavigation = {
  navigateAway: ({ context }: { context: { redirectUrl?: string | undefined } }) =>
    void navigations.push(context.redirectUrl ?? ''),
};

async function type(label: RegExp | string, value: string) {
  const field = await screen.findByLabelText(label);
  fireEvent.change(field, { target: { value } });
  return field;
}
async function submit(label: RegExp | string, value: string) {
  const field = await type(label, value);
  fireEvent.submit(field.closest('form') as HTMLFormElement);
}
const page = (name: string) =>
  waitFor(() => expect(document.querySelector(`[data-screen="${name}"]`)).toBeTruthy());
/**
 * A refused submit's answer: the error summary has the focus and lists each field's message, in the
 * form's order; its link to `field` then moves the focus there (GOV.UK's error summary pattern).
 */
async function expectSummary(messages: string[], field: HTMLElement) {
  const summary = await screen.findByRole('group', { name: 'There is a problem' });
  await waitFor(() => expect(document.activeElement).toBe(summary));
  const links = within(summary).getAllByRole('link');
  expect(links.map((link) => link.textContent)).toEqual(messages);
  fireEvent.click(links.find((link) => link.getAttribute('href') === `#${field.id}`) as HTMLElement);
  expect(document.activeElement).toBe(field);
  // Announced once, by the focused summary: the fields' own messages are no live regions.
  expect(document.querySelectorAll(`form [role="alert"]`)).toHaveLength(0);
}
/** The checklist's items as read out: the rule, then whether it is met (the mark before it is not read). */
const checklist = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.slice(1));

describe('account pages against the API (msw)', () => {
  it('recovers by email from the password page, to the sent page, and back to sign in', async () => {
    renderApp(hiddenConsent, { actions: recordNavigation });
    await submit(/email or phone number/i, 'nora.castlemaine@example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await page('resetPasswordEmail');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('nora.castlemaine@example.com');
    expect(email.getAttribute('autocomplete')).toBe('email');
    await submit('Email', '');
    await expectSummary(['Enter an email'], email);
    expect(document.getElementById('email-error')?.textContent).toBe('Enter an email');
    expect(backend.recoverySends).toBe(0);
    await submit('Email', 'nora.castlemaine@example.com');
    await page('resetPasswordSent');
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeTruthy();
    const maskedEmail = screen.getByText('n***e@e***e.com');
    expect(maskedEmail.closest('bdi')?.dir).toBe('ltr');
    expect(maskedEmail.closest('p')?.textContent).toMatch(
      /We sent a link to reset your password to n\*\*\*e@e\*\*\*e\.com\. The link expires in 30 minutes\./,
    );
    const sentNotice = document.querySelector('[data-screen="resetPasswordSent"] [role="status"]');
    expect(sentNotice?.textContent).toBe('Email sent.');
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    await waitFor(() => expect(backend.recoverySends).toBe(2));
    await screen.findByText('Email sent.');
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    await page('enterPassword');
  });

  it('ticks the new password checklist, refuses a retype that differs and one of the last passwords', async () => {
    renderApp(hiddenConsent, { hash: `#/createPassword/${token}`, actions: recordNavigation });
    await screen.findByRole('heading', { name: 'Create a new password' });
    const username = document.querySelector('input[autocomplete="username"]') as HTMLInputElement;
    expect(username.value).toBe('nora.castlemaine@example.com');
    // An empty field: the rules are listed, none judged met or not met yet.
    expect(checklist('Password requirements')).toContain('Use 8 to 32 characters');
    expect(checklist('Password requirements').some((item) => /\((not )?met\)$/.test(item ?? ''))).toBe(false);
    const password = await type('New password', 'nora1');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(checklist('Password requirements')).toEqual([
      'Use 8 to 32 characters (not met)',
      'Include at least one latin letter (met)',
      'Include at least one number (met)',
      'Include at least one upper-case letter or special character (not met)',
      "Don't use sequential characters such as abc or 123 (met)",
      "Don't repeat the same character (met)",
      'Use latin letters only (met)',
      'Not allowed account info: your name, email, phone number or extension (not met)',
    ]);
    expect(screen.getByText('5 of 8 requirements met')).toBeTruthy();
    await type('New password', 'Violet-Harbor-47');
    expect(checklist('Password requirements').every((item) => item?.endsWith(' (met)'))).toBe(true);
    expect(screen.getByText('8 of 8 requirements met')).toBeTruthy();
    expect(
      screen.getByText(/Disallowed last used passwords: don't reuse your last 4 passwords/),
    ).toBeTruthy();

    const retype = await type('Confirm new password', 'Violet-Harbor-48');
    fireEvent.submit(retype.closest('form') as HTMLFormElement);
    await expectSummary(['Password must match'], retype);
    expect(document.getElementById('passwordRetype-error')?.textContent).toBe('Password must match');

    // Both fields empty: both in the summary, in the form's order.
    await type('New password', '');
    await submit('Confirm new password', '');
    await expectSummary(['Enter a new password', 'Enter new password again'], retype);
    await type('New password', 'Violet-Harbor-47');

    // The server's refusal goes through the same summary.
    await submit('Confirm new password', 'Violet-Harbor-47');
    await expectSummary(["Disallowed last used passwords: don't reuse your last 4 passwords"], password);
    expect(document.getElementById('password-error')?.textContent).toBe(
      "Disallowed last used passwords: don't reuse your last 4 passwords",
    );

    await type('New password', 'Amber-Quay-58');
    await submit('Confirm new password', 'Amber-Quay-58');
    await screen.findByRole('heading', { name: 'Your password has been reset' });
    expect(backend.resets).toEqual(['Amber-Quay-58']);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await page('enterPassword');
    expect(screen.getByTestId('signing-in-as').textContent).toBe('nora.castlemaine@example.com');
  });

  it('activates a not-activated account (371) with the code, the password and an activation answer', async () => {
    backend.loginCode = 371;
    renderApp(hiddenConsent, { actions: recordNavigation });
    await submit(/email or phone number/i, 'nora.castlemaine@example.com');
    await submit(/^password$/i, 'Violet-Harbor-47');
    await screen.findByRole('heading', { name: 'Activate your account' });
    await page('activateAccount');
    fireEvent.click(screen.getByRole('button', { name: 'Email me an activation code' }));
    const code = await screen.findByLabelText('Activation code');
    expect(backend.activationSends).toBe(1);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await type('Activation code', '123456');
    await type('Password', 'Violet-Harbor-47');
    await type('Activation answer', 'Owl');
    expect(checklist('Activation answer requirements')).toEqual([
      'Use at least 5 characters (not met)',
      'The answer must not contain your password (met)',
    ]);
    const answer = await type('Activation answer', 'my violet-harbor-47 answer');
    expect(checklist('Activation answer requirements')).toEqual([
      'Use at least 5 characters (met)',
      'The answer must not contain your password (not met)',
    ]);
    fireEvent.submit(answer.closest('form') as HTMLFormElement);
    await expectSummary(['The answer must not contain your password'], answer);
    expect((await screen.findByText('The answer must not contain your password', { selector: 'p' })).id).toBe(
      'answer-error',
    );
    await submit('Activation answer', 'Blue heron');
    await waitFor(() => expect(navigations).toEqual(['https://app.example/cb?code=abc&state=s1']));
  });

  it("starts the in-app recovery from the login failure's reset link", async () => {
    backend.loginCode = 108;
    renderApp(hiddenConsent, { actions: recordNavigation });
    await submit(/email or phone number/i, 'nora.castlemaine@example.com');
    await submit(/^password$/i, 'Wrong-Pass-99');
    await screen.findByText(/The email and password do not match/);
    fireEvent.click(screen.getByRole('button', { name: 'Reset your password' }));
    await page('resetPasswordEmail');
  });
});
