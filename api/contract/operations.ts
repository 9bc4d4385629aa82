import * as auth from './auth.ts';
import * as authorisation from './authorisation.ts';
import * as config from './config.ts';
import { verifyUserCodeBody, verifyUserCodeReply } from './device.ts';
import * as identity from './identity.ts';
import * as notices from './notices.ts';
import { numberParseBody, numberParseReply } from './number.ts';
import { get, type Operation, post } from './operationGroups.ts';
import { accountOperations } from './operationsAccount.ts';
import * as session from './session.ts';
import * as replies from './signInReplies.ts';
import * as twoFactor from './twoFactor.ts';

/**
 * Every /api call of spec §7 in one table: method, path, the schema the request is checked with (the
 * query of a GET, the JSON body of a POST), the reply the SPA parses, and the backend codes (spec §8)
 * its failures carry (operationGroups.ts). The OpenAPI document (server/openapi) and the contract tests
 * iterate this list; the SPA never imports it (each flow's chunk imports only its own schemas).
 */
export const operations: readonly Operation[] = [
  get(
    'config',
    '/config/parameters',
    "The brand's configuration",
    config.parametersQuery,
    config.parametersReply,
  ),
  get('config', '/config/locales', "The brand's locales", config.localesQuery, config.localesReply),
  get('config', '/config/country', 'Countries, for phone numbers', config.countryQuery, replies.countryReply),
  get(
    'config',
    '/config/app-permissions',
    'The consent page: app and scopes',
    config.appPermissionsQuery,
    replies.appPermissionsReply,
  ),
  get('config', '/detect-conn', 'Connection check', config.detectConnQuery, replies.detectConnReply),
  post('config', '/number/parse', 'Parse phone numbers for display', numberParseBody, numberParseReply),
  post('signIn', '/login-info', 'Look up a credential', auth.loginInfoBody, auth.loginInfoReply),
  post('signIn', '/login', 'Sign in with a password', auth.loginBody, auth.loginReply),
  get(
    'signIn',
    '/session-data',
    "The browser's latest session",
    auth.sessionDataQuery,
    auth.sessionDataReply,
  ),
  get('signIn', '/sessions', 'Accounts signed in here', session.sessionsQuery, session.sessionsReply),
  post('signIn', '/logout', 'Sign out', session.logoutBody, session.logoutReply),
  get(
    'signIn',
    '/sso/availability',
    'Does this email sign in by SSO',
    identity.ssoAvailabilityQuery,
    replies.ssoAvailabilityReply,
  ),
  get(
    'signIn',
    '/sso/startup',
    'Start single sign-on (a navigation)',
    identity.loginDispatcherQuery,
    'redirect',
  ),
  get(
    'signIn',
    '/sso/google/startup',
    'Start Google sign-in (a navigation)',
    identity.loginDispatcherQuery,
    'redirect',
  ),
  post(
    'authorisation',
    '/verifyRedirectURI',
    'Check the redirect URI',
    authorisation.verifyRedirectUriBody,
    replies.verifyRedirectUriReply,
  ),
  post(
    'authorisation',
    '/post-authn/generate-code',
    'Request the authorisation code',
    authorisation.generateCodeBody,
    replies.generateCodeReply,
  ),
  get('notices', '/terms', 'The current terms of service', notices.termsQuery, notices.termsReply),
  post(
    'notices',
    '/terms/accept',
    'Accept the terms of service',
    notices.acceptTermsBody,
    notices.acceptTermsReply,
  ),
  get(
    'notices',
    '/config/retired-app',
    "A retired app's replacement",
    notices.retiredAppQuery,
    notices.retiredAppReply,
  ),
  get(
    'twoFactor',
    '/two-factor/mfa-settings',
    'Which second factors apply',
    twoFactor.mfaSettingsQuery,
    twoFactor.mfaSettingsReply,
  ),
  get(
    'twoFactor',
    '/two-factor/contact-info',
    'Where a code can be sent',
    twoFactor.contactInfoQuery,
    twoFactor.contactInfoReply,
  ),
  get(
    'twoFactor',
    '/two-factor/mfa-totp',
    'Start authenticator-app enrolment',
    twoFactor.mfaTotpQuery,
    twoFactor.mfaTotpReply,
  ),
  post(
    'twoFactor',
    '/two-factor/mfa-totp-verification',
    'Finish authenticator-app enrolment',
    twoFactor.mfaTotpVerificationBody,
    twoFactor.verifiedReply,
  ),
  post('twoFactor', '/two-factor/send-code', 'Send a code', twoFactor.sendCodeBody, twoFactor.sendCodeReply),
  post(
    'twoFactor',
    '/two-factor/verify-code',
    'Verify a code',
    twoFactor.verifyCodeBody,
    twoFactor.verifiedReply,
  ),
  post('device', '/device/verify', "Check a room's user code", verifyUserCodeBody, verifyUserCodeReply),
  ...accountOperations,
];

export { errorCodesOf, type Operation, operationGroups } from './operationGroups.ts';
