import * as account from '../../api/contract/account.ts';
import * as auth from '../../api/contract/auth.ts';
import * as authorisation from '../../api/contract/authorisation.ts';
import * as config from '../../api/contract/config.ts';
import { verifyUserCodeBody } from '../../api/contract/device.ts';
import * as emergency from '../../api/contract/emergency.ts';
import * as identity from '../../api/contract/identity.ts';
import * as notices from '../../api/contract/notices.ts';
import { numberParseBody } from '../../api/contract/number.ts';
import * as passkeys from '../../api/contract/passkeys.ts';
import * as session from '../../api/contract/session.ts';
import * as twoFactor from '../../api/contract/twoFactor.ts';
import { DEMO_CLIENT_ID } from '../../server/db/seed-data.ts';
import { DEMO_REDIRECT_URI, GRACE } from '../../server/testing/harness.ts';
import type { Endpoint, Input } from './endpoint.ts';
import { CHALLENGE, CURRENT_SESSION } from './hints.ts';
import { parameterText, wellFormed } from './wire.ts';
import type { AnySchema } from './zodArbitrary.ts';

/** The /api/* JSON endpoints, each with the contract schema its handler validates with. */

type Example = Record<string, unknown>;
const post = (path: string, schema: AnySchema, ...examples: Example[]): Endpoint => ({
  method: 'POST',
  path: `/api${path}`,
  input: { kind: 'json', schema },
  replies: 'api',
  examples,
});
const get = (path: string, schema: AnySchema, ...examples: Example[]): Endpoint => ({
  method: 'GET',
  path: `/api${path}`,
  input: { kind: 'query', schema },
  replies: 'api',
  examples,
});
const app = { clientId: DEMO_CLIENT_ID };
/** A US address the reference validator knows the shape of (server/emergency/address). */
const address = {
  country: 'US',
  customerName: 'Ezra Whitlock',
  street: '20 Davis Dr',
  city: 'Belmont',
  state: 'CA',
  zip: '94002',
};
const usFormat = { addressFormatId: 'US-EMERGENCY' };

/** What the SPA sends for a code after the consent page's Approve (server/testing/harness.ts obtainCode). */
const codeRequest = {
  ...app,
  appUrlScheme: DEMO_REDIRECT_URI,
  localeId: 'en_US',
  responseType: 'code',
  state: 'fuzz-state',
  scope: 'ReadAccounts ReadCallLog',
  codeChallenge: CHALLENGE,
  codeChallengeMethod: 'S256',
  consentGiven: true,
};
const middleware = (path: string, guards: string): Endpoint => ({
  method: 'ALL',
  path: `/api${path}`,
  input: { kind: 'middleware', guards },
  replies: 'api',
});

const rateLimit = 'its POST route (per-IP rate limit)';
const unknownApiPath: Input = {
  kind: 'path',
  schema: config.parametersQuery,
  // Under a prefix no route uses, so the catch-all answers; wrong methods on real routes are a mutation.
  // The same key is also the no-store and body-limit middleware of every /api route.
  build: (value) => `/api/fuzz-unknown/${encodeURIComponent(wellFormed(parameterText(value.clientId)))}`,
};

export const apiEndpoints: Endpoint[] = [
  get('/config/parameters', config.parametersQuery),
  get('/config/locales', config.localesQuery),
  get('/config/country', config.countryQuery),
  get('/config/app-permissions', config.appPermissionsQuery),
  get('/detect-conn', config.detectConnQuery),
  post('/number/parse', numberParseBody),
  middleware('/login-info', rateLimit),
  middleware('/login', rateLimit),
  post('/login-info', auth.loginInfoBody, { ...app, username: GRACE.email }),
  post('/login', auth.loginBody),
  get('/session-data', auth.sessionDataQuery),
  get('/sessions', session.sessionsQuery),
  post('/logout', session.logoutBody),
  post('/verifyRedirectURI', authorisation.verifyRedirectUriBody, {
    ...app,
    appUrlScheme: DEMO_REDIRECT_URI,
  }),
  post('/post-authn/generate-code', authorisation.generateCodeBody, codeRequest, {
    ...codeRequest,
    sessionId: CURRENT_SESSION,
  }),
  middleware('/terms', 'GET /api/terms (per-IP rate limit)'),
  middleware('/terms/accept', rateLimit),
  get('/terms', notices.termsQuery),
  post('/terms/accept', notices.acceptTermsBody, { ...app, version: '2026-09-01' }),
  get('/config/retired-app', notices.retiredAppQuery),
  middleware('/two-factor/send-code', rateLimit),
  middleware('/two-factor/verify-code', rateLimit),
  middleware('/two-factor/mfa-totp-verification', rateLimit),
  get('/two-factor/mfa-settings', twoFactor.mfaSettingsQuery),
  get('/two-factor/contact-info', twoFactor.contactInfoQuery),
  get('/two-factor/mfa-totp', twoFactor.mfaTotpQuery),
  post('/two-factor/mfa-totp-verification', twoFactor.mfaTotpVerificationBody),
  post('/two-factor/send-code', twoFactor.sendCodeBody, { ...app, contactBy: 'Email', localeId: 'en_US' }),
  post('/two-factor/verify-code', twoFactor.verifyCodeBody),
  middleware('/passkeys/authentication-options', rateLimit),
  middleware('/passkeys/authentication', rateLimit),
  post('/passkeys/authentication-options', passkeys.authenticationOptionsBody),
  post('/passkeys/authentication', passkeys.authenticationBody),
  post('/passkeys/registration-options', passkeys.registrationOptionsBody, { ...app, platform: true }),
  post('/passkeys/registration', passkeys.registrationBody),
  get('/passkeys', passkeys.passkeysQuery),
  post('/passkeys/offer-dismissal', passkeys.offerDismissalBody),
  post('/passkeys/removal', passkeys.removalBody),
  ...[
    'extension-contact-info',
    'extension-tracking-info',
    'list-device-emergency-address',
    'list-emergency-locations',
    'add-emergency-location',
    'delete-emergency-location',
    'validate-address',
    'register-virtual-line',
  ].map((name) => middleware(`/account/${name}`, 'the emergency route of that path (per-IP rate limit)')),
  get('/config/states', emergency.statesQuery),
  post('/config/address-format', emergency.addressFormatBody),
  get('/account/extension-contact-info', emergency.extensionQuery),
  get('/account/extension-tracking-info', emergency.extensionQuery),
  get('/account/list-device-emergency-address', emergency.listDeviceEmergencyAddressQuery),
  get('/account/list-emergency-locations', emergency.listEmergencyLocationsQuery),
  post('/account/add-emergency-location', emergency.addEmergencyLocationBody, {
    ...app,
    ...usFormat,
    nickname: 'Fuzz office',
    address,
  }),
  post('/account/delete-emergency-location', emergency.deleteEmergencyLocationBody),
  post('/account/validate-address', emergency.validateAddressBody, {
    ...app,
    ...usFormat,
    address,
    phoneCountryId: 1,
  }),
  post('/account/register-virtual-line', emergency.registerVirtualLineBody, {
    ...app,
    ...usFormat,
    originalDeviceId: 'e911-erl',
    emergencyLocationsEnabled: false,
    addressType: 'OTHER',
    emergencyServiceAddress: address,
  }),
  middleware('/account/*', 'every /api/account route (per-IP rate limit)'),
  middleware('/loginWithActivationCode', rateLimit),
  post('/account/lookup-credential', account.lookupCredentialBody, { ...app, credential: GRACE.email }),
  post('/account/email-recovery-link', account.emailRecoveryLinkBody),
  post('/account/reset-password-info', account.resetPasswordInfoBody),
  post('/account/reset-password', account.resetPasswordBody),
  post('/account/email-express-link', account.emailExpressLinkBody),
  post('/account/login-with-express-link', account.loginWithExpressLinkBody),
  post('/account/change-password', account.changePasswordBody),
  post('/account/change-legacy-password', account.changeLegacyPasswordBody),
  post('/account/send-activation', account.sendActivationBody),
  post('/account/in-app-activation', account.inAppActivationBody),
  post('/loginWithActivationCode', account.loginWithActivationCodeBody),
  post('/account/resend-confirmation', account.resendConfirmationBody),
  post('/account/confirm-email', account.confirmEmailBody),
  get('/sso/availability', identity.ssoAvailabilityQuery),
  post('/device/verify', verifyUserCodeBody),
  { method: 'ALL', path: '/api/*', input: unknownApiPath, replies: 'api' },
];
