import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RememberedAccount } from '../machines/accounts.ts';
import { type AnalyticsEvent, setAnalyticsSink } from '../machines/analytics.ts';
import { readAutomationTarget, readStoredSignIn, type StoredSignIn } from '../machines/persistence.ts';
import {
  brandConfigFixture,
  brandDetailHandlers,
  localesFixture,
  sessionsHandler,
} from '../test/fixtures/api.ts';
import { renderApp as renderAppWith } from '../test/fixtures/renderApp.tsx';
import { failureReply, okReply } from '../test/fixtures/replies.ts';

// Start-up options of spec §2/§4 that change what the rendered app does: title bar, back to app,
// login automation, session expiry, and the analytics events sent on the way.
const codeRedirect = 'https://app.example/cb?code=abc&state=s1';
const navigations: string[] = [];
const reloads: string[] = [];

const api = setupServer(
  ...brandDetailHandlers,
  http.get('*/api/config/parameters', () => okReply(brandConfigFixture('1210'))),
  http.get('*/api/config/locales', () => okReply(localesFixture)),
  http.post('*/api/login-info', () => okReply({ brandId: '1210', loginType: 'password' })),
  http.post('*/api/login', () =>
    okReply({ brandId: '1210', accountId: '400100001', extensionId: '400100101', displayName: 'Ada Quill' }),
  ),
  sessionsHandler([]),
  http.post('*/api/post-authn/generate-code', () =>
    okReply({ extensionId: '400100101', accountId: '400100001', redirectUri: codeRedirect }),
  ),
  http.post('*/api/verifyRedirectURI', () => okReply({ valid: true })),
  http.get('*/api/config/app-permissions', () =>
    HttpResponse.json(
      { status: { success: false, code: 221, errorParameters: {}, backendMessage: 'Session expired' } },
      { status: 401 },
    ),
  ),
);

beforeAll(() => api.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  api.resetHandlers();
  navigations.length = 0;
  reloads.length = 0;
  setAnalyticsSink(undefined);
  sessionStorage.clear();
  localStorage.clear();
});
afterAll(() => api.close());

function renderApp(search: string, hash = '', remembered?: RememberedAccount[], stored?: StoredSignIn) {
  renderAppWith(search, {
    hash,
    ...(remembered ? { remembered } : {}),
    ...(stored ? { stored } : {}),
    actions: {
      navigateAway: ({ context }) => void navigations.push(context.redirectUrl ?? ''),
      reloadOnSessionExpired: () => void reloads.push('INVALID_SESSION_TOKEN'),
    },
  });
}

const submit = async (label: RegExp, value: string) => {
  const field = await screen.findByLabelText(label);
  fireEvent.change(field, { target: { value } });
  fireEvent.submit(field.closest('form') as HTMLFormElement);
};
const base = '?clientId=demo-app&appUrlScheme=https%3A%2F%2Fapp.example%2Fcb&state=s1';

describe('start-up options in the rendered app', () => {
  it('title_bar names the app; show_back_to_app returns to it with user_cancelled', async () => {
    renderApp(`${base}&force=true&title_bar=true&appName=Harbour%20Notes&ui_options=show_back_to_app`);
    const bar = await screen.findByTestId('title-bar');
    expect(bar.textContent).toContain('Harbour Notes');
    fireEvent.click(screen.getByRole('button', { name: 'Back to Harbour Notes' }));
    await waitFor(() => expect(navigations).toHaveLength(1));
    const back = new URL(navigations[0] ?? '');
    expect(back.searchParams.get('error')).toBe('user_cancelled');
    expect(back.searchParams.get('state')).toBe('s1');
  });

  it('without title_bar or show_back_to_app there is no bar', async () => {
    renderApp(`${base}&force=true&appName=Harbour%20Notes`);
    await screen.findByLabelText(/email or phone number/i);
    expect(screen.queryByTestId('title-bar')).toBeNull();
  });

  it('loginAutomation=1 keeps the code redirect and shows the notification instead of leaving', async () => {
    const sink: AnalyticsEvent[] = [];
    setAnalyticsSink((event) => sink.push(event));
    renderApp(`${base}&force=true&loginAutomation=1&ui_options=hide_consent`);
    await submit(/email or phone number/i, 'ada@example.com');
    await submit(/^password$/i, 'Violet-Harbor-47');
    expect(await screen.findByRole('heading', { name: 'Signed in for automation' })).toBeTruthy();
    expect(location.hash).toBe('#/loginAutomationNotification');
    expect(readAutomationTarget(sessionStorage)).toBe(codeRedirect);
    expect(navigations).toEqual([]);
    const names = sink.map((event) => event.name);
    expect(names).toEqual(
      expect.arrayContaining(['loginMainPage', 'emailOrExtension', 'withPassword', 'passwordVerified']),
    );
    expect(names).toContain('authorizeSuccess');
    expect(sink.find((event) => event.name === 'emailOrExtension')?.properties).toEqual({ kind: 'email' });
    // Analytics never carries what the user typed.
    expect(JSON.stringify(sink)).not.toContain('ada@example.com');
    expect(sink.every((event) => event.clientId === 'demo-app' && event.brandId === '1210')).toBe(true);
  });

  it.each([
    ['without noActionOnFail, a failed code request goes back to the app with invalid_request', '', 1],
    ['with noActionOnFail, it stays on an error page', '&noActionOnFail=true', 0],
  ])('%s', async (_, extra, redirects) => {
    api.use(
      http.post('*/api/post-authn/generate-code', () =>
        failureReply(403, 999, 'Something the page does not know'),
      ),
    );
    renderApp(`${base}&force=true&ui_options=hide_consent${extra}`);
    await submit(/email or phone number/i, 'ada@example.com');
    await submit(/^password$/i, 'Violet-Harbor-47');
    if (redirects) {
      await waitFor(() => expect(navigations).toHaveLength(1));
      expect(new URL(navigations[0] ?? '').searchParams.get('error')).toBe('invalid_request');
    } else {
      await screen.findByTestId('error-message');
      expect(location.hash).toBe('#/error/API_ERROR_999');
      expect(navigations).toEqual([]);
    }
  });

  it('the OpenID nonce in the address travels to generate-code unchanged', async () => {
    const bodies: Record<string, unknown>[] = [];
    api.use(
      http.post('*/api/post-authn/generate-code', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return okReply({ extensionId: '400100101', accountId: '400100001', redirectUri: codeRedirect });
      }),
    );
    renderApp(`${base}&force=true&ui_options=hide_consent&nonce=n-0S6_WzA2Mj%2B`);
    await submit(/email or phone number/i, 'ada@example.com');
    await submit(/^password$/i, 'Violet-Harbor-47');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.nonce).toBe('n-0S6_WzA2Mj+');
  });

  it('an expired session while loading consent reloads onto the error page', async () => {
    renderApp(`${base}&force=true`);
    await submit(/email or phone number/i, 'ada@example.com');
    await submit(/^password$/i, 'Violet-Harbor-47');
    await waitFor(() => expect(reloads).toEqual(['INVALID_SESSION_TOKEN']));
  });

  it('a reload on an error page shows that page again', async () => {
    renderApp(base, '#/error/INVALID_SESSION_TOKEN');
    expect(await screen.findByText('Invalid request. Go back to login page and request again.')).toBeTruthy();
    expect(location.hash).toBe('#/error/INVALID_SESSION_TOKEN');
  });

  it('after a session expired, signing in again starts on the password page of the saved login id', async () => {
    const saved = { initialLoginId: 'ada@example.com' };
    sessionStorage.setItem('foyer.signIn', JSON.stringify(saved));
    renderApp(base, '#/error/INVALID_SESSION_TOKEN', undefined, saved);
    fireEvent.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    await waitFor(() => expect(location.hash).toBe('#/enterPassword/email/ada%40example.com'));
    // Used once: a later restart asks for a credential again.
    expect(readStoredSignIn(sessionStorage).initialLoginId).toBeUndefined();
  });

  it('a saved login id on a fresh start goes straight to its password page', async () => {
    renderApp(`${base}&force=true`, '', undefined, { initialLoginId: '+1 650 555 0100 ext 101' });
    await waitFor(() => expect(location.hash).toBe('#/enterPassword/number/%2B16505550100%23101'));
  });

  it('a saved login id that is not a credential is ignored: the credential page', async () => {
    renderApp(`${base}&force=true`, '', undefined, { initialLoginId: '12' });
    expect(await screen.findByLabelText(/email or phone number/i)).toBeTruthy();
    expect(location.hash).toBe('#/enterCredential');
  });

  it('a code for a native app: the launch-app page opens it, again on request, with targetUrl and fallbackUrl', async () => {
    const nativeRedirect = 'com.example.notes:/oauth/callback?code=abc&state=s1';
    api.use(
      sessionsHandler(),
      http.post('*/api/post-authn/generate-code', () =>
        okReply({ extensionId: '400100101', accountId: '400100001', redirectUri: nativeRedirect }),
      ),
    );
    const links =
      '&targetUrl=https%3A%2F%2Fnotes.example%2Fget&fallbackUrl=https%3A%2F%2Fnotes.example%2Fweb';
    renderApp(`${base}&ui_options=hide_consent&appName=Harbour%20Notes${links}`);
    expect(await screen.findByRole('heading', { name: 'Opening Harbour Notes' })).toBeTruthy();
    expect(location.hash).toBe('#/launchApp');
    expect(navigations).toEqual([nativeRedirect]);
    fireEvent.click(screen.getByRole('button', { name: 'Open Harbour Notes' }));
    expect(navigations).toEqual([nativeRedirect, nativeRedirect]);
    expect(screen.getByRole('link', { name: 'Get Harbour Notes' }).getAttribute('href')).toBe(
      'https://notes.example/get',
    );
    expect(screen.getByRole('link', { name: 'Continue in your browser' }).getAttribute('href')).toBe(
      'https://notes.example/web',
    );
  });

  it('a web redirect leaves at once; a javascript: fallbackUrl is refused at start-up', async () => {
    renderApp(`${base}&ui_options=hide_consent&fallbackUrl=javascript%3Aalert(1)`);
    await waitFor(() => expect(location.hash).toBe('#/error/INVALID_PARAMETERS'));
    expect(navigations).toEqual([]);
  });

  const rememberedIds = () =>
    (JSON.parse(localStorage.getItem('foyer.accounts') ?? '[]') as { loginId: string }[]).map(
      (account) => account.loginId,
    );
  const ada = { loginId: 'ada@example.com', displayName: 'Ada Quill', brandId: '1210' };

  it('remember me keeps the account after a successful sign-in, with its name and brand', async () => {
    renderApp(`${base}&force=true`);
    const remember = (await screen.findByRole('checkbox', { name: 'Remember me' })) as HTMLInputElement;
    expect(remember.checked).toBe(false);
    fireEvent.click(remember);
    await submit(/email or phone number/i, 'ada@example.com');
    // Nothing is kept until the password is verified.
    await screen.findByLabelText(/^password$/i);
    expect(localStorage.getItem('foyer.accounts')).toBeNull();
    await submit(/^password$/i, 'Violet-Harbor-47');
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('foyer.accounts') ?? '[]')).toEqual([
        { loginId: 'ada@example.com', displayName: 'Ada Quill', brandId: '1210' },
      ]),
    );
  });

  it('a remembered account opens the picker; choosing it goes to its password page, untyped', async () => {
    const sink: AnalyticsEvent[] = [];
    setAnalyticsSink((event) => sink.push(event));
    localStorage.setItem('foyer.accounts', JSON.stringify([ada]));
    renderApp(`${base}&force=true`, '', [ada]);
    const row = await screen.findByRole('button', { name: /^Ada Quill/ });
    expect(row.textContent).toContain('a***a@e***e.com');
    expect(row.textContent).toContain('Signed out');
    // Every call answered: past the alert's 100 ms, no "No internet connection" (a CI gallery found one).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('offline-alert')).toBeNull();
    fireEvent.click(row);
    await screen.findByLabelText(/^password$/i);
    expect(location.hash).toBe('#/enterPassword/email/ada%40example.com');
    // Spec §9 'continue-with start', and not 'manual'.
    expect(sink.filter((event) => ['continueWithStart', 'manual'].includes(event.name))).toEqual([
      { name: 'continueWithStart', clientId: 'demo-app', brandId: '1210' },
    ]);
  });

  it("the picker's listing failing on the network still shows the remembered account, with the offline alert", async () => {
    api.use(http.get('*/api/sessions', () => HttpResponse.error()));
    localStorage.setItem('foyer.accounts', JSON.stringify([ada]));
    renderApp(`${base}&force=true`, '', [ada]);
    expect((await screen.findByRole('button', { name: /^Ada Quill/ })).textContent).toContain('Signed out');
    expect((await screen.findByTestId('offline-alert')).textContent).toContain('No internet connection');
  });

  it('use another account: an empty credential page; unticking forgets the account after sign-in', async () => {
    const sink: AnalyticsEvent[] = [];
    setAnalyticsSink((event) => sink.push(event));
    localStorage.setItem('foyer.accounts', JSON.stringify([ada]));
    renderApp(`${base}&force=true`, '', [ada]);
    fireEvent.click(await screen.findByRole('button', { name: 'Use another account' }));
    const field = (await screen.findByLabelText(/email or phone number/i)) as HTMLInputElement;
    expect(field.value).toBe('');
    // Spec §9 'manual': the credential is typed in instead of a remembered account chosen.
    expect(sink.map((event) => event.name)).toContain('manual');
    expect(sink.map((event) => event.name)).not.toContain('continueWithStart');
    const remember = screen.getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement;
    expect(remember.checked).toBe(true);
    fireEvent.click(remember);
    await submit(/email or phone number/i, 'ada@example.com');
    await submit(/^password$/i, 'Violet-Harbor-47');
    await waitFor(() => expect(rememberedIds()).toEqual([]));
  });

  it('hide_remember_me hides the checkbox; with remember_me_on the account is still kept', async () => {
    renderApp(`${base}&force=true&ui_options=hide_remember_me%20remember_me_on`);
    await screen.findByLabelText(/email or phone number/i);
    expect(screen.queryByRole('checkbox', { name: 'Remember me' })).toBeNull();
    await submit(/email or phone number/i, 'ada@example.com');
    await submit(/^password$/i, 'Violet-Harbor-47');
    await waitFor(() => expect(rememberedIds()).toEqual(['ada@example.com']));
  });

  it('with the box hidden and no remember_me_on, an earlier choice on this device does not keep the next user', async () => {
    localStorage.setItem('foyer.accounts', JSON.stringify([ada]));
    renderApp(`${base}&force=true&ui_options=hide_remember_me&login_hint=grace%40example.co.uk`, '', [ada]);
    await submit(/email or phone number/i, 'grace@example.co.uk');
    await submit(/^password$/i, 'Quartz-Meadow-83');
    await waitFor(() => expect(rememberedIds()).toEqual(['ada@example.com']));
  });

  it('remember_me_on ticks the checkbox from the start', async () => {
    renderApp(`${base}&force=true&ui_options=remember_me_on`);
    const remember = (await screen.findByRole('checkbox', { name: 'Remember me' })) as HTMLInputElement;
    expect(remember.checked).toBe(true);
  });

  describe('with a platform session (spec §7, §8)', () => {
    const sessionId = '0123456789abcdef';
    const withPlatformSession = (appPermissions: Parameters<typeof http.get>[1]) =>
      api.use(
        http.get('*/api/config/parameters', () =>
          okReply({ ...brandConfigFixture('1210'), platformSession: true }),
        ),
        http.post('*/api/login', () =>
          okReply({ brandId: '1210', accountId: '400100001', extensionId: '400100101', sessionId }),
        ),
        http.get('*/api/config/app-permissions', appPermissions),
      );
    const signIn = async () => {
      await submit(/email or phone number/i, 'ada@example.com');
      await submit(/^password$/i, 'Violet-Harbor-47');
    };

    it('error messages quote the session id in brackets', async () => {
      withPlatformSession(() => failureReply(500, 101, 'Internal error'));
      renderApp(`${base}&force=true`);
      await signIn();
      const message = await screen.findByTestId('error-message');
      expect(message.textContent).toContain(
        'The service is temporarily unavailable. Please try again later.',
      );
      expect(message.textContent).toContain(`[${sessionId}]`);
    });

    it('reject checks the network with the session-data call, then returns access_denied', async () => {
      const checks: string[] = [];
      withPlatformSession(() => okReply({ clientId: 'demo-app', appName: 'Harbour Notes', permissions: [] }));
      api.use(
        http.get('*/api/session-data', () => {
          checks.push('session-data');
          return failureReply(401, 223, 'No session');
        }),
        http.get('*/api/detect-conn', () => {
          checks.push('detect-conn');
          return okReply({ online: true });
        }),
      );
      renderApp(`${base}&force=true`);
      await signIn();
      fireEvent.click(await screen.findByRole('button', { name: 'Deny' }));
      await waitFor(() => expect(navigations).toHaveLength(1));
      // The server answered (even without a session), so the network is there: the reject goes through.
      expect(checks).toEqual(['session-data']);
      expect(new URL(navigations[0] ?? '').searchParams.get('error')).toBe('access_denied');
    });
  });
});
