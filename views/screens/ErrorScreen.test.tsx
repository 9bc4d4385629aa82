import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  brandConfigFixture,
  brandDetailHandlers,
  localesFixture,
  sessionsHandler,
} from '../../test/fixtures/api.ts';
import { renderApp as renderAppWith } from '../../test/fixtures/renderApp.tsx';
import { okReply } from '../../test/fixtures/replies.ts';

const api = setupServer(
  ...brandDetailHandlers,
  http.get('*/api/config/parameters', () => okReply(brandConfigFixture('1210'))),
  http.get('*/api/config/locales', () => okReply(localesFixture)),
  // A session this browser still lists, which the code request then finds ended.
  sessionsHandler(),
  http.post('*/api/post-authn/generate-code', () =>
    HttpResponse.json(
      { status: { success: false, code: 221, errorParameters: {}, backendMessage: 'No session' } },
      { status: 401 },
    ),
  ),
);
beforeAll(() => api.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  api.resetHandlers();
  sessionStorage.clear();
});
afterAll(() => api.close());

const app = '?clientId=demo-app&appUrlScheme=https%3A%2F%2Fapp.example%2Fcb&state=s1';

const renderApp = (search: string) => renderAppWith(search, { actions: { navigateAway: () => {} } });

describe('ErrorScreen picks the page by code (through the machine)', () => {
  it.each([
    ['NO_RCM_PERMISSION', "You don't have access"],
    ['NO_RCM_PERMISSION/SUNSET', 'This app has been retired'],
    ['NO_RCM_PERMISSION/MIGRATION', 'Your meetings have moved'],
    ['NO_RCM_PERMISSION/SUNSET_NOTIFICATION', 'This app is being retired'],
  ])('%s: Switch account sends user.restart and a fresh credential screen shows', async (code, heading) => {
    const user = userEvent.setup();
    renderApp(`${app}&errorCode=${code}`);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(location.hash).toBe(`#/error/${code}`);
    await user.click(screen.getByRole('button', { name: 'Switch account' }));
    expect(await screen.findByLabelText(/email or phone number/i)).toBeTruthy();
    expect((screen.getByLabelText(/email or phone number/i) as HTMLInputElement).value).toBe('');
    expect(location.hash).toBe('#/enterCredential');
  });

  it.each([
    ['API_ERROR_208', "This app can't be opened", 'This redirect failed because URL blocked.'],
    ['API_ERROR_213', 'Access restricted', /Your account is not allowed to sign in/],
    ['API_ERROR_703', 'Something went wrong', /temporarily unavailable. Please try again later/],
    ['INVALID_SESSION_TOKEN', 'Your session could not be used', /Invalid request. Go back to login page/],
  ])('%s shows its heading and announced message, with a way back', async (code, heading, message) => {
    renderApp(`${app}&errorCode=${code}`);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByTestId('error-message').textContent).toMatch(message);
    expect(screen.getByTestId('error-message').getAttribute('role')).toBe('alert');
    expect(screen.getByRole('button', { name: 'Back to sign in' })).toBeTruthy();
  });

  it('a session-token failure on the code request shows the warning page, usable by keyboard', async () => {
    const user = userEvent.setup();
    renderApp(`${app}&ui_options=hide_consent`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your session could not be used' }),
    ).toBeTruthy();
    expect(location.hash).toBe('#/warning/221');
    expect(screen.getByTestId('error-message').textContent).toBe(
      'Invalid request. Go back to login page and request again.',
    );
    const back = screen.getByRole('button', { name: 'Go back to login page' });
    back.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByLabelText(/email or phone number/i)).toBeTruthy();
  });
});
