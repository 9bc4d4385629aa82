import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { type AnalyticsEvent, setAnalyticsSink } from '../machines/analytics.ts';
import { readAutomationTarget, readStoredSignIn } from '../machines/persistence.ts';
import { brandConfigFixture, sessionsHandler } from '../test/fixtures/api.ts';
import { optionsBase as base, optionsApp } from '../test/fixtures/optionsApp.tsx';
import { failureReply, okReply } from '../test/fixtures/replies.ts';

// Start-up options of spec §2/§4 that change what the rendered app does: title bar, back to app,
// login automation, session expiry, and the analytics events sent on the way.

const { api, codeRedirect, navigations, reloads, renderApp, submit } = optionsApp();

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
