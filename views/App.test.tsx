import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { brandConfigFixture, brandDetailHandlers, localesFixture } from '../test/fixtures/api.ts';
import { renderApp as renderAppWith } from '../test/fixtures/renderApp.tsx';
import { failureReply, okReply } from '../test/fixtures/replies.ts';

const navigations: string[] = [];

const api = setupServer(
  ...brandDetailHandlers,
  http.get('*/api/config/parameters', ({ request }) =>
    okReply(brandConfigFixture(new URL(request.url).searchParams.get('brandId') ?? '1210')),
  ),
  http.get('*/api/config/locales', () => okReply(localesFixture)),
  http.post('*/api/login-info', async ({ request }) => {
    const body = (await request.json()) as { username: string };
    if (body.username === 'grace@example.co.uk') return okReply({ brandId: '7710', loginType: 'password' });
    if (body.username === 'ada@example.com') return okReply({ brandId: '1210', loginType: 'password' });
    return failureReply(404, 304, 'Credential not found');
  }),
  http.post('*/api/login', () => failureReply(401, 108, 'Login failed')),
);

beforeAll(() => api.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  api.resetHandlers();
  navigations.length = 0;
  sessionStorage.clear();
});
afterAll(() => api.close());

function renderApp(search: string) {
  renderAppWith(search, {
    actions: { navigateAway: ({ context }) => void navigations.push(context.redirectUrl ?? '') },
  });
}

const submit = async (label: RegExp, value: string) => {
  const field = await screen.findByLabelText(label);
  fireEvent.change(field, { target: { value } });
  fireEvent.submit(field.closest('form') as HTMLFormElement);
};
const forced = '?clientId=demo-app&appUrlScheme=https%3A%2F%2Fapp.example%2Fcb&state=s1&force=true';

describe('App against the API (msw)', () => {
  it('reloads brand config and theme when login-info answers another brand', async () => {
    renderApp(forced);
    await submit(/email or phone number/i, 'grace@example.co.uk');
    await screen.findByLabelText(/^password$/i);
    await waitFor(() =>
      expect(document.querySelector('[data-brand]')?.getAttribute('data-brand')).toBe('7710'),
    );
    expect(location.hash).toBe('#/enterPassword/email/grace%40example.co.uk');
  });

  it('shows the email-not-found message for an unknown email and keeps the text', async () => {
    renderApp(forced);
    await submit(/email or phone number/i, 'nobody@example.com');
    expect(await screen.findByText("We didn't find any matched account.")).toBeTruthy();
    expect((screen.getByLabelText(/email or phone number/i) as HTMLInputElement).value).toBe(
      'nobody@example.com',
    );
  });

  it('announces a failed login on the password field', async () => {
    renderApp(forced);
    await submit(/email or phone number/i, 'ada@example.com');
    await submit(/^password$/i, 'wrong-password');
    expect(await screen.findByText('The email and password do not match')).toBeTruthy();
    expect(screen.getByLabelText(/^password$/i).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^password$/i).getAttribute('aria-describedby')).toBe('password-error');
  });

  it('a malformed reply becomes a clear error page, not a crash', async () => {
    api.use(http.get('*/api/config/parameters', () => HttpResponse.json({ unexpected: true })));
    renderApp(forced);
    expect(await screen.findByText('We received an unexpected reply. Please try again later.')).toBeTruthy();
    expect(location.hash).toBe('#/error/UI_ERROR_BAD_REPLY');
  });

  it('a network failure at start-up shows the network message', async () => {
    api.use(http.get('*/api/config/locales', () => HttpResponse.error()));
    renderApp(forced);
    expect(
      await screen.findByText('The service is temporarily unavailable. Check your network connection.'),
    ).toBeTruthy();
  });

  it('invalid parameters get the invalid-parameters page naming the parameter', async () => {
    renderApp('?clientId=demo-app&display=%3Cscript%3E');
    expect(await screen.findByText(/The sign-in link is missing information/)).toBeTruthy();
    expect(screen.getByText(/display/)).toBeTruthy();
  });

  it('cancel verifies the redirect URI before returning user_cancelled', async () => {
    let verified = false;
    api.use(
      http.post('*/api/verifyRedirectURI', () => {
        verified = true;
        return okReply({ valid: true });
      }),
    );
    renderApp(forced);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(navigations).toEqual([
        `https://app.example/cb?error=user_cancelled&state=s1&iss=${encodeURIComponent(location.origin)}`,
      ]),
    );
    expect(verified).toBe(true);
  });
});
