import { type StartupParams, startupParamsSchema } from '../../api/contract/startup.ts';
import { ApiError } from '../../api/errors.ts';
import { brandConfigFixture, localesFixture } from '../fixtures/api.ts';
import { apiError, done, failed } from './actorEvents.ts';
import {
  accountEvents,
  emergencyEvents,
  noticeEvents,
  passwordFlowEvents,
  roomEvents,
  twoFactorEvents,
} from './flowEvents.ts';

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
