import { type StartupParams, startupParamsSchema } from '../../api/contract/startup.ts';
import { ApiError } from '../../api/errors.ts';
import { brandConfigFixture, localesFixture } from '../fixtures/api.ts';

const brandConfig = brandConfigFixture;
const locales = localesFixture;
const base = {
  clientId: 'demo-app',
  appUrlScheme: 'http://localhost:8080/demo-app/callback',
  state: 'xyz',
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  codeChallengeMethod: 'S256',
};
const paramsOf = (extra: Record<string, string>): StartupParams =>
  startupParamsSchema.parse({ ...base, ...extra });

/** One start-up output per start-up rule of spec §2/§4. */
export const startupCases = {
  forced: paramsOf({ force: 'true' }),
  consent: paramsOf({}),
  hiddenConsent: paramsOf({ ui_options: 'hide_consent' }),
  errorCode: paramsOf({ errorCode: 'API_ERROR_208' }),
  skipLoginId: paramsOf({ force: 'true', ui_options: 'skip_login_id_page', login_hint: 'ada@example.com' }),
  // A backend that wrongly accepts this redirect URI must still not get the browser to open it.
  hostileRedirect: paramsOf({ force: 'true', appUrlScheme: 'javascript:alert(1)' }),
  // Spec §4 login automation: the code's target is kept and a notification shown instead of leaving.
  automation: paramsOf({ loginAutomation: '1' }),
  // A failed code request shows its page instead of the invalid_request redirect.
  noActionOnFail: paramsOf({ noActionOnFail: 'true' }),
  // Returning users (spec §4 Start without force): the hint that picks a signed-in account, and the
  // picker asked for by name.
  hinted: paramsOf({ login_hint: 'ada@example.com' }),
  selectAccount: paramsOf({ prompt: 'select_account' }),
  // A retired client's authorisation request: the server sends errorCode=216 (docs/notices.md).
  retiredApp: paramsOf({ errorCode: '216' }),
} as const;

export const adaSession = {
  sessionId: 'a1b2c3d4e5f60718',
  brandId: '1210',
  displayName: 'Ada Quill',
  loginId: 'ada@example.com',
  signedInAt: '2026-11-23T10:00:00.000Z',
};
const graceSession = { ...adaSession, sessionId: 'f0e1d2c3b4a59687', loginId: 'grace@example.co.uk' };

/** Start-ups on a brand that offers single sign-on, Google and Apple (spec §2, §6, §7). */
export const identityCases = {
  offered: paramsOf({ force: 'true' }),
  ssoPrompt: paramsOf({ prompt: 'sso' }),
  kerberosPrompt: paramsOf({ prompt: 'sso', ui_options: 'kerberos' }),
  kerberos: paramsOf({ force: 'true', ui_options: 'kerberos' }),
  googlePopup: paramsOf({ force: 'true', ui_options: 'external_popup' }),
  popupWithoutConsent: paramsOf({ force: 'true', ui_options: 'external_popup hide_consent' }),
} as const;

const fingerprinting = {
  ...brandConfig('3710'),
  iovationEnabled: true,
  iovationScriptUrl: '/fingerprint/loader.js',
};

const federated = {
  ...brandConfig('1210'),
  ssoEnabled: true,
  thirdPartySSOEnabled: true,
  appleLoginEnabled: true,
};

const apiError = (code: number, backendMessage = 'failed') =>
  new ApiError({ code: `API_ERROR_${code}`, httpStatus: 400, backendMessage });

/** The event cases the model walks: user events, route changes and every actor's completions. */
export function modelEvents() {
  return [
    ...coreEvents(),
    ...accountEvents(),
    ...twoFactorEvents(),
    ...passwordFlowEvents(),
    ...emergencyEvents(),
    ...noticeEvents(),
    ...roomEvents(),
  ];
}

/** Everything but the returning-user events (the rendered-app replay adds those where they matter). */
export function coreEvents() {
  const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
  const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
  return [
    ...Object.values(startupCases).map((params) =>
      done('loadStartup', {
        clientId: 'demo-app',
        params,
        paramsIssue: undefined,
        brandConfig: brandConfig('1210'),
        locales,
      }),
    ),
    done('loadStartup', {
      clientId: 'foyer-web',
      params: undefined,
      paramsIssue: 'clientId: Required',
      brandConfig: brandConfig('1210'),
      locales,
    }),
    // A brand that fingerprints devices before login-info (spec §7 iovation).
    done('loadStartup', {
      clientId: 'demo-app',
      params: startupCases.forced,
      paramsIssue: undefined,
      brandConfig: fingerprinting,
      locales,
    }),
    // …also when the login id page is skipped.
    done('loadStartup', {
      clientId: 'demo-app',
      params: startupCases.skipLoginId,
      paramsIssue: undefined,
      brandConfig: fingerprinting,
      locales,
    }),
    ...Object.values(identityCases).map((params) =>
      done('loadStartup', {
        clientId: 'demo-app',
        params,
        paramsIssue: undefined,
        brandConfig: federated,
        locales,
      }),
    ),
    failed('loadStartup', new ApiError({ code: 'UI_ERROR_NETWORK' })),
    { type: 'user.submitCredential', credential: 'ada@example.com' },
    { type: 'user.submitCredential', credential: '123' },
    done('collectFingerprint', 'fp1:0123'),
    failed('collectFingerprint', new Error('loader failed')),
    done('lookupLoginInfo', { brandId: '1210', loginType: 'password' }),
    done('lookupLoginInfo', { brandId: '7710', loginType: 'password' }),
    // An account that may also use single sign-on: the login option page (docs/notices.md), on either brand.
    done('lookupLoginInfo', {
      brandId: '1210',
      loginType: 'password',
      loginOptions: ['password', 'sso', 'emailLink'],
    }),
    done('lookupLoginInfo', {
      brandId: '7710',
      loginType: 'password',
      loginOptions: ['password', 'sso', 'emailLink'],
    }),
    { type: 'user.choosePassword' },
    // The SSO notice's and the mismatch page's Try again (docs/notices.md "SSO notices").
    { type: 'user.tryAgain' },
    failed('lookupLoginInfo', apiError(304)),
    failed('lookupLoginInfo', apiError(213)),
    done('loadBrand', { brandConfig: brandConfig('7710'), locales }),
    failed('loadBrand', new ApiError({ code: 'UI_ERROR_NETWORK' })),
    { type: 'user.submitPassword', password: 'Violet-Harbor-47' },
    { type: 'user.submitPassword', password: '' },
    done('verifyPassword', { brandId: '1210', accountId: '1', extensionId: '101' }),
    failed('verifyPassword', apiError(108)),
    failed('verifyPassword', apiError(215)),
    failed('verifyPassword', apiError(374)),
    { type: 'user.back' },
    { type: 'user.chooseSso' },
    { type: 'user.chooseIdentityProvider', entrance: 'google' },
    { type: 'user.chooseIdentityProvider', entrance: 'apple' },
    { type: 'user.submitSsoEmail', email: 'sso@example.com' },
    { type: 'user.submitSsoEmail', email: '' },
    done('checkSsoAvailability', true),
    done('checkSsoAvailability', false),
    failed('checkSsoAvailability', new ApiError({ code: 'UI_ERROR_NETWORK' })),
    done('watchIdentityPopup', 'signedIn'),
    done('watchIdentityPopup', 'cancelled'),
    done('watchIdentityPopup', 'blocked'),
    done('loadAppPermissions', { clientId: 'demo-app', appName: 'Demo Partner App', permissions: [] }),
    failed('loadAppPermissions', apiError(101)),
    // Spec §4: an expired session outside the code request reloads onto the error page.
    failed('loadAppPermissions', apiError(221)),
    { type: 'user.approve' },
    { type: 'user.reject' },
    { type: 'user.cancel' },
    done('checkConnection', { online: true }),
    failed('checkConnection', new ApiError({ code: 'UI_ERROR_NETWORK' })),
    done('requestCode', {
      extensionId: '101',
      accountId: '1',
      redirectUri: `${base.appUrlScheme}?code=abc&state=xyz`,
    }),
    done('requestCode', { extensionId: '101', accountId: '1', redirectUri: 'javascript:alert(1)' }),
    // A native app's scheme: the launch-app page, which can open it again.
    done('requestCode', {
      extensionId: '101',
      accountId: '1',
      redirectUri: 'com.example.notes:/cb?code=abc',
    }),
    { type: 'user.openApp' },
    failed('requestCode', apiError(208)),
    failed('requestCode', apiError(221)),
    failed('requestCode', apiError(212)),
    // Spec §4: 306 goes to the two-factor dispatcher; anything unlisted redirects with invalid_request.
    failed('requestCode', apiError(306, 'two-factor required')),
    failed('requestCode', apiError(101, 'internal')),
    done('verifyRedirectUri', { valid: true }),
    failed('verifyRedirectUri', apiError(208)),
    { type: 'user.restart' },
    { type: 'connection.alertDue' },
    { type: 'user.dismissAlert' },
    { type: 'route.changed', route: { name: 'enterCredential' } },
    { type: 'route.changed', route: { name: 'enterPassword', kind: 'email', credential: 'ada@example.com' } },
    { type: 'route.changed', route: { name: 'consent' } },
    { type: 'route.changed', route: { name: 'ssoLogin' } },
    { type: 'route.changed', route: { name: 'loginOption' } },
  ];
}

/** The picker flow's report of its lists (machines/picker/picker.setup.ts, `tellAccounts`). */
const pickerAccounts = (rememberedAccounts: unknown[], signedInAccounts: unknown[]) => ({
  type: 'picker.accounts',
  rememberedAccounts,
  signedInAccounts,
});

/** Returning users: the accounts signed in here, the picker's outcomes, and its lists as it changes them. */
export function accountEvents() {
  const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
  const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
  return [
    { type: 'route.changed', route: { name: 'selectAccount' } },
    done('listSessions', []),
    done('listSessions', [adaSession]),
    done('listSessions', [adaSession, graceSession]),
    failed('listSessions', new ApiError({ code: 'UI_ERROR_NETWORK' })),
    failed('listSessions', apiError(404)),
    // The picker is a flow of its own (machines/picker/, walked by test/model/picker.model.test.ts): here
    // its lists as it tells them, each of its outcomes and a chunk that fails to load.
    pickerAccounts([], [adaSession]),
    pickerAccounts([], []),
    { ...pickerAccounts([], []), error: new ApiError({ code: 'UI_ERROR_NETWORK' }) },
    done('picker', { outcome: 'continueSession', account: { ...adaSession, remembered: false } }),
    done('picker', { outcome: 'chooseAccount', loginId: 'grace@example.co.uk' }),
    done('picker', { outcome: 'useAnother' }),
    done('picker', { outcome: 'noAccounts' }),
    done('picker', { outcome: 'signedOut' }),
    done('picker', { outcome: 'sessionExpired' }),
    failed('picker', new Error('Page script did not load')),
  ];
}

/**
 * Two-factor as the sign-in machine sees it: the code request's 224, the flow's outcomes and a chunk
 * that fails to load, and an address inside the flow (forwarded to it). The flow's own states are
 * walked by test/model/twoFactor.model.test.ts.
 */
export function twoFactorEvents() {
  const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
  const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
  return [
    failed('requestCode', apiError(224, 'authenticator setup required')),
    done('twoFactor', { outcome: 'verified' }),
    done('twoFactor', { outcome: 'sessionExpired' }),
    failed('twoFactor', new Error('Page script did not load')),
    { type: 'route.changed', route: { name: 'twoFactorOptions' } },
  ];
}

/**
 * The password and account flow as the sign-in machine sees it: the ways in (forgot password, a
 * sign-in link, the login's 319/361/371, a required change from the login or the code request's 412),
 * the flow's outcomes, a chunk that fails to load, and an address inside the flow. The flow's own
 * states are walked by test/model/account.model.test.ts.
 */
export function passwordFlowEvents() {
  const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
  const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
  const login = { brandId: '1210', accountId: '1', extensionId: '101' };
  return [
    { type: 'user.forgotPassword' },
    { type: 'user.requestExpressLink' },
    done('verifyPassword', { ...login, passwordChange: 'enforced' }),
    failed('verifyPassword', apiError(319)),
    failed('verifyPassword', apiError(371)),
    failed(
      'requestCode',
      new ApiError({
        code: 'API_ERROR_412',
        httpStatus: 403,
        backendMessage: 'change',
        errorParameters: { passwordChange: 'oneTime' },
      }),
    ),
    done('account', { outcome: 'back' }),
    done('account', { outcome: 'signIn', loginId: 'ada@example.com' }),
    done('account', { outcome: 'authenticated', login }),
    done('account', { outcome: 'changed' }),
    done('account', { outcome: 'failed', error: apiError(405) }),
    done('account', { outcome: 'sessionExpired' }),
    failed('account', new Error('Page script did not load')),
    { type: 'route.changed', route: { name: 'resetPassword' } },
  ];
}

/**
 * The emergency-address flow as the sign-in machine sees it: the code request's 701 and 702, the
 * flow's outcomes (completed: the code request again with eaCompleted=true; failed; an expired
 * session), a chunk that fails to load, and an address inside the flow (forwarded to it). The flow's
 * own states are walked by test/model/emergency.model.test.ts.
 */
export function emergencyEvents() {
  const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
  const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
  return [
    failed('requestCode', apiError(701, 'emergency address required')),
    failed('requestCode', apiError(702, 'no digital line')),
    done('emergency', { outcome: 'completed' }),
    done('emergency', { outcome: 'failed', error: apiError(101) }),
    done('emergency', { outcome: 'sessionExpired' }),
    failed('emergency', new Error('Page script did not load')),
    { type: 'route.changed', route: { name: 'emergencyEditor' } },
  ];
}

/**
 * The notices flow as the sign-in machine sees it (docs/notices.md): the code request's 720, 730 and
 * 216, the flow's outcomes (FedRAMP or terms accepted: the code again; declined: access_denied; failed;
 * an expired session), a chunk that fails to load, and a notice address forwarded to the flow. The
 * flow's own states are walked by test/model/notices.model.test.ts.
 */
export function noticeEvents() {
  const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
  const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
  return [
    failed('requestCode', apiError(720, 'FedRAMP notice required')),
    failed('requestCode', apiError(730, 'terms not accepted')),
    failed('requestCode', apiError(216, 'application retired')),
    done('notices', { outcome: 'accepted', notice: 'fedramp' }),
    done('notices', { outcome: 'accepted', notice: 'terms' }),
    done('notices', { outcome: 'declined', notice: 'terms' }),
    done('notices', { outcome: 'failed', error: apiError(101) }),
    done('notices', { outcome: 'sessionExpired' }),
    failed('notices', new Error('Page script did not load')),
    { type: 'route.changed', route: { name: 'termsOfService' } },
  ];
}

/**
 * The room activation flow as the sign-in machine sees it (docs/room-activation.md): it ends only with
 * a failure, its chunk can fail to load, and its addresses are forwarded to it. Its own states are
 * walked by test/model/room.model.test.ts.
 */
export function roomEvents() {
  const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
  const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
  return [
    done('room', { outcome: 'failed', error: apiError(101) }),
    failed('room', new Error('Page script did not load')),
    { type: 'route.changed', route: { name: 'roomActivated' } },
  ];
}
