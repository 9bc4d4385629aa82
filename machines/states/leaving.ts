import { and } from 'xstate';
import { signInSsoSetup } from '../sso.setup.ts';
import { arriveAt } from './shared.ts';

/** Spec §4: before any error redirect, verify the app URL scheme is valid for the client. */
export const leaving = signInSsoSetup.createStateConfig({
  tags: ['screen.progress', 'busy'],
  invoke: {
    id: 'verifyRedirectUri',
    src: 'verifyRedirectUri',
    input: ({ context }) => ({
      clientId: context.clientId,
      appUrlScheme: context.params?.appUrlScheme ?? '',
    }),
    onDone: [
      { guard: 'hasAppRedirectTarget', target: 'redirecting', actions: 'assignAppRedirectUrl' },
      { target: 'failed.error', actions: 'assignInvalidRedirectFailure' },
    ],
    onError: { target: 'failed.error', actions: 'assignInvalidRedirectFailure' },
  },
});

export const redirecting = signInSsoSetup.createStateConfig({
  tags: ['screen.progress', 'busy'],
  entry: 'navigateAway',
});

/**
 * The launch-app page (spec §2 page family, route ours): the code goes to a native app's scheme,
 * which the browser may not open (no app installed, or a prompt the user dismissed), so the page
 * offers to open it again and, when the partner gave them, targetUrl and fallbackUrl.
 */
export const launchingApp = signInSsoSetup.createStateConfig({
  tags: ['screen.launchApp'],
  entry: [...arriveAt('launchApp'), 'navigateAway'],
  on: { 'user.openApp': { actions: 'navigateAway' } },
});

/** Spec §2 loginAutomationNotification: signed in, the target kept for the automation; nothing else to do. */
export const automationNotice = signInSsoSetup.createStateConfig({
  tags: ['screen.loginAutomationNotification'],
  entry: arriveAt('loginAutomationNotification'),
});

/** Spec §2/§4: the session expired; the page reloads on the error page, so nothing renders meanwhile. */
export const sessionExpired = signInSsoSetup.createStateConfig({
  tags: ['busy'],
  entry: 'reloadOnSessionExpired',
});

export const failed = signInSsoSetup.createStateConfig({
  on: {
    'route.changed': {
      guard: 'isRouteToCredentialWithApp',
      target: '#signIn.identifying.enterCredential',
      actions: 'resetSignIn',
    },
    // Without start-up parameters there is no app to sign in for: restarting retries the start-up.
    'user.restart': [
      // After a session expired, signing in again starts on the password page of the same login id.
      {
        guard: and(['hasStartupParams', 'hasInitialLoginId', 'hasFingerprinting']),
        target: '#signIn.identifying.collectingFingerprint',
        actions: ['resetSignIn', 'assignInitialLoginId', 'forgetInitialLoginId'],
      },
      {
        guard: and(['hasStartupParams', 'hasInitialLoginId']),
        target: '#signIn.identifying.checkingCredential',
        actions: ['resetSignIn', 'assignInitialLoginId', 'forgetInitialLoginId'],
      },
      { guard: 'hasStartupParams', target: '#signIn.identifying.enterCredential', actions: 'resetSignIn' },
      { target: '#signIn.booting', actions: 'resetSignIn' },
    ],
  },
  initial: 'error',
  states: {
    error: {
      tags: ['screen.error'],
      entry: arriveAt('error'),
    },
    warning: {
      tags: ['screen.warning'],
      entry: arriveAt('warning'),
    },
    /**
     * The identity provider came back without signing anyone in (docs/notices.md "SSO notices"): a
     * notice for a refusal or an expired request, the mismatch page for another identity than the hint.
     */
    ssoOutcome: {
      tags: ['screen.ssoOutcome'],
      entry: arriveAt('ssoOutcome'),
      on: {
        'user.tryAgain': {
          target: '#signIn.identifying.enterCredential',
          actions: ['resetSignIn', 'assignLoginHint', 'raiseSsoRetry'],
        },
      },
    },
  },
});
