import type { UiError } from './catalogue.ts';
import type { AppType, CatalogueEntry, CatalogueLookup, Scenario } from './catalogueTypes.ts';
import { connectionLostEntry } from './catalogueUi.ts';

export type {
  AppType,
  CatalogueEntry,
  CatalogueLookup,
  ErrorMessageId,
  MessageLinkKind,
  Scenario,
} from './catalogueTypes.ts';

/**
 * Spec §8, second half: UI error → message. The wording depends on the scenario (which screen met
 * the error), the display mode, the app type and the brand; each of those is a table or a rule below,
 * never a branch in code.
 */

const loginFailed: CatalogueEntry = {
  id: 'errors.loginFailed',
  links: ['resetPassword'],
  email: { id: 'errors.emailLoginFailed', links: ['resetPassword'] },
};
const notFound: CatalogueEntry = {
  id: 'errors.credentialNotFound',
  links: ['signUp'],
  email: { id: 'errors.emailNotFound', links: ['signUp'] },
  noExtension: { id: 'errors.credentialNotFoundNoExtension', links: ['signUp'] },
};
/** Where there is nothing to sign up for: the same words without the sign-up link. */
const notFoundNoSignUp: CatalogueEntry = {
  id: 'errors.credentialNotFound',
  email: { id: 'errors.emailNotFound' },
};
const invalidSession: CatalogueEntry = { id: 'errors.invalidSession' };
const linkExpired: CatalogueEntry = { id: 'errors.linkExpired' };

/** The Default scenario names every UI error, so any lookup has an answer (checked by the type). */
export const defaultMessages: Readonly<Record<UiError, CatalogueEntry>> = {
  INTERNAL: { id: 'errors.internal', links: ['help'] },
  LOGIN_FAILED: loginFailed,
  EMAIL_LOGIN_FAILED: { id: 'errors.emailLoginFailed', links: ['resetPassword'] },
  INCORRECT_PASSWORD: loginFailed,
  NO_PERMISSION: { id: 'errors.noPermission' },
  INVALID_REDIRECT_URI: { id: 'errors.invalidRedirect' },
  ACCOUNT_ACCESS_RESTRICTION: { id: 'errors.accountAccessRestriction', links: ['help'] },
  GEO_IP_ACCESS_RESTRICTION: { id: 'errors.geoIpAccessRestriction', links: ['help'] },
  APPLICATION_ACCESS_RESTRICTION: { id: 'errors.applicationAccessRestriction', links: ['help'] },
  INVALID_SESSION_TOKEN: invalidSession,
  SESSION_DATA_NOT_FOUND: invalidSession,
  BRAND_NOT_FOUND: { id: 'errors.brandNotFound' },
  CREDENTIAL_NOT_FOUND: notFound,
  TWO_FACTOR_REQUIRED: { id: 'errors.twoFactorRequired' },
  IOVATION_BLACKLISTED: { id: 'errors.deviceBlocked', links: ['help'] },
  IOVATION_ERROR: { id: 'errors.deviceCheckFailed' },
  INCORRECT_CODE: { id: 'errors.twoFactor.invalidSecurityCode' },
  CONSENT: { id: 'errors.consentRequired' },
  INVALID_CODE_ERROR: { id: 'errors.invalidCode' },
  CODE_VERIFICATION_LIMIT: {
    id: 'errors.twoFactor.tooManyAttempts',
    withWait: 'errors.twoFactor.tooManyAttemptsWait',
  },
  MFA_CODE_FORBIDDEN: { id: 'errors.mfa.codeUsed' },
  LOGIN_FAILED_SSO_CREDENTIAL_ENABLED: { id: 'errors.ssoEnabled', links: ['ssoSignIn'] },
  LOGIN_FAILED_SSO_CREDENTIAL_DISABLED: { id: 'errors.sso.disabledForAccount' },
  LOGIN_FAILED_THIRD_PARTY_SSO_ENABLED: { id: 'errors.sso.thirdPartyEnabled', links: ['ssoSignIn'] },
  NUMERIC_PASSWORD_EXPIRED: { id: 'errors.numericPasswordExpired', links: ['changePassword'] },
  PHONE_NUMBER_ERROR: { id: 'errors.twoFactor.phoneUnavailable' },
  ACCOUNT_ERROR: { id: 'errors.upgradeRequired' },
  ACCOUNT_MIGRATED: { id: 'errors.accountMigrated', links: ['help'] },
  IVN_LOGIN_DENIED: { id: 'errors.ivnLoginDenied' },
  USER_NOT_CONFIRMED: { id: 'errors.userNotConfirmed' },
  ACCOUNT_DISABLED: { id: 'errors.accountDisabled' },
  ACCOUNT_SUSPENDED: {
    id: 'errors.accountSuspended',
    admin: { id: 'errors.accountSuspendedAdmin', links: ['supportPhone'] },
  },
  ACCOUNT_TRIAL_EXPIRED: {
    id: 'errors.trialExpired',
    admin: { id: 'errors.trialExpiredAdmin', links: ['supportPhone'] },
  },
  USER_NOT_ACTIVED: { id: 'errors.userNotActivated' },
  EXTENSION_DISABLED: { id: 'errors.extensionDisabled' },
  EXTENSION_FROZEN: { id: 'errors.extensionFrozen' },
  ACCOUNT_LOCKED: {
    id: 'errors.accountLocked',
    links: ['resetPassword'],
    withWait: 'errors.accountLockedWait',
  },
  PASSWORD_ERROR: { id: 'errors.form.passwordRejected' },
  NOT_SUPPORTED_FORGET_PASSWORD_SSO_ENABLED: { id: 'errors.resetPassword.ssoEnabled', links: ['ssoSignIn'] },
  IVR_PIN_ERROR: { id: 'errors.form.pinRejected' },
  RESET_PASSWORD_LINK_INVALID: linkExpired,
  EXPRESS_LINK_INVALID: linkExpired,
  SENDEMAIL_FREQUENTLY: { id: 'errors.resetPassword.emailTooFrequent' },
  REQUEST_FREQUENTLY: {
    id: 'errors.tooFrequent',
    withRay: 'errors.tooFrequentWithRay',
    withWait: 'errors.tooFrequentWait',
    withWaitAndRay: 'errors.tooFrequentWaitWithRay',
  },
  SSO_DISABLE: { id: 'errors.sso.disabled' },
  ENFORCED_SSO_LOGIN_ONLY: { id: 'errors.ssoEnforced', links: ['ssoSignIn'] },
  GLIP_MAIN_ACCOUNT_MISMATCH: { id: 'errors.sso.messagingOnlyAccount' },
  DUPLICATED_EMAIL: { id: 'errors.sso.duplicatedEmail' },
  PARTNER_INVALID_REQUEST: { id: 'errors.internal', links: ['help'] },
  PARTNER_NOT_AUTHORIZED: { id: 'errors.noPermission' },
  PARTNER_SESSION_EXPIRED: invalidSession,
  FEDRAMP_NOTICE_REQUIRED: { id: 'errors.fedrampNoticeRequired' },
  RCM_SUNSET_NOTIFICATION: { id: 'errors.rcmSunsetNotification' },
  NETWORK: connectionLostEntry,
  BAD_REPLY: { id: 'errors.badReply' },
  SSO_ACCESS_DENIED: { id: 'errors.sso.accessDenied' },
  APPLE_HIDDEN_EMAIL: { id: 'errors.sso.appleHiddenEmail' },
  APPLE_EMPTY_EMAIL: { id: 'errors.sso.appleEmptyEmail' },
  SSO_AUTH_ERROR: { id: 'errors.sso.authError', links: ['help'] },
  IDP_MISMATCH: { id: 'errors.sso.idpMismatch' },
  SSO_REQUEST_EXPIRED: { id: 'errors.sso.requestExpired' },
  PASSKEY_NOT_VERIFIED: { id: 'errors.passkey.notVerified' },
  PASSKEY_UNKNOWN: { id: 'errors.passkey.unknown' },
  PASSKEY_EXPIRED: { id: 'errors.passkey.expired' },
  PASSKEY_CLONED: { id: 'errors.passkey.cloned' },
  PASSKEY_REENROLMENT: { id: 'errors.passkey.reenrolment' },
  PASSKEYS_NOT_ALLOWED: { id: 'errors.passkey.notAllowed' },
  PASSKEY_CANCELLED: { id: 'errors.passkey.cancelled' },
  PASSKEY_EXISTS: { id: 'errors.passkey.exists' },
  PASSKEY_UNAVAILABLE: { id: 'errors.passkey.unavailable' },
};

const tooManySends: CatalogueEntry = {
  id: 'errors.twoFactor.tooManySendRequests',
  withRay: 'errors.twoFactor.tooManySendRequestsWithRay',
  withWait: 'errors.twoFactor.tooManySendRequestsWait',
  withWaitAndRay: 'errors.twoFactor.tooManySendRequestsWaitWithRay',
};
const mfaTooFrequent: CatalogueEntry = {
  id: 'errors.mfa.tooFrequent',
  withRay: 'errors.mfa.tooFrequentWithRay',
  withWait: 'errors.mfa.tooFrequentWait',
  withWaitAndRay: 'errors.mfa.tooFrequentWaitWithRay',
};

/** What each other scenario words differently; anything not named here falls back to Default. */
export const scenarioMessages: Readonly<
  Record<Exclude<Scenario, 'Default'>, Partial<Record<UiError, CatalogueEntry>>>
> = {
  TwoFactor: {
    SENDEMAIL_FREQUENTLY: tooManySends,
    REQUEST_FREQUENTLY: tooManySends,
  },
  MFA: {
    INCORRECT_CODE: { id: 'errors.mfa.incorrectCode' },
    CODE_VERIFICATION_LIMIT: mfaTooFrequent,
    REQUEST_FREQUENTLY: mfaTooFrequent,
  },
  ResetPassword: {
    // Nothing to sign up for while recovering an existing account. No extension hint either: the
    // flow words its own lookups with the sign-in's credential, not the number typed there.
    CREDENTIAL_NOT_FOUND: notFoundNoSignUp,
    LOGIN_FAILED_SSO_CREDENTIAL_ENABLED: { id: 'errors.resetPassword.ssoEnabled', links: ['ssoSignIn'] },
  },
  FormValidation: {
    INCORRECT_PASSWORD: { id: 'errors.form.currentPasswordIncorrect' },
  },
  SSO: {
    // 501 and 502 at the identity provider: this account (or its company) has no single sign-on.
    SSO_DISABLE: { id: 'errors.sso.notAvailable' },
    EMAIL_LOGIN_FAILED: { id: 'errors.sso.noAccountForEmail' },
    LOGIN_FAILED: { id: 'errors.sso.authError', links: ['help'] },
  },
  PARTNER: {
    PARTNER_INVALID_REQUEST: { id: 'errors.partner.invalidRequest' },
    PARTNER_NOT_AUTHORIZED: { id: 'errors.partner.notAuthorized' },
    PARTNER_SESSION_EXPIRED: { id: 'errors.partner.sessionExpired' },
  },
};

/** A rule replaces an entry when every condition it names holds. */
export interface CatalogueRule {
  readonly error: UiError;
  readonly when: {
    readonly scenario?: Scenario;
    readonly display?: string;
    readonly appType?: AppType;
    readonly brandIds?: readonly string[];
  };
  readonly entry: CatalogueEntry;
}

/** Brands sold through a partner (spec §2 powered-by footer): the partner, not us, takes their calls. */
const partnerSupportBrands = ['3420', '3460'];
/** Spec §6: brand 7310 is the meeting-app brand. */
const meetingAppBrands = ['7310'];

/** Rules are tried in order; the first that matches wins, so the narrower ones come first. */
export const catalogueRules: readonly CatalogueRule[] = [
  {
    error: 'GLIP_MAIN_ACCOUNT_MISMATCH',
    when: { appType: 'GLIP' },
    entry: { id: 'errors.sso.mainAccountInGlip' },
  },
  { error: 'NO_PERMISSION', when: { appType: 'GLIP' }, entry: { id: 'errors.noPermissionGlip' } },
  { error: 'NO_PERMISSION', when: { brandIds: meetingAppBrands }, entry: { id: 'errors.noRcmPermission' } },
  {
    error: 'ACCOUNT_SUSPENDED',
    when: { brandIds: partnerSupportBrands },
    entry: { id: 'errors.accountSuspended', admin: { id: 'errors.accountSuspendedAdminPartner' } },
  },
  {
    error: 'ACCOUNT_TRIAL_EXPIRED',
    when: { brandIds: partnerSupportBrands },
    entry: { id: 'errors.trialExpired', admin: { id: 'errors.trialExpiredAdminPartner' } },
  },
  // App stores do not allow a native app's sign-in view to send users to a web sign-up.
  {
    error: 'CREDENTIAL_NOT_FOUND',
    when: { display: 'touch', scenario: 'Default' },
    entry: { ...notFoundNoSignUp, noExtension: { id: 'errors.credentialNotFoundNoExtension' } },
  },
  { error: 'CREDENTIAL_NOT_FOUND', when: { display: 'touch' }, entry: notFoundNoSignUp },
];

function matches(rule: CatalogueRule, lookup: CatalogueLookup): boolean {
  const { scenario, display, appType, brandIds } = rule.when;
  return (
    (scenario === undefined || scenario === (lookup.scenario ?? 'Default')) &&
    (display === undefined || display === lookup.display) &&
    (appType === undefined || appType === (lookup.appType ?? 'SW')) &&
    (brandIds === undefined || (lookup.brandId !== undefined && brandIds.includes(lookup.brandId)))
  );
}

/** The entry for a UI error under a lookup: a matching rule, else the scenario's table, else Default. */
export function entryFor(error: UiError, lookup: CatalogueLookup = {}): CatalogueEntry {
  const rule = catalogueRules.find((candidate) => candidate.error === error && matches(candidate, lookup));
  if (rule) return rule.entry;
  const scenario = lookup.scenario ?? 'Default';
  const own = scenario === 'Default' ? undefined : scenarioMessages[scenario][error];
  return own ?? defaultMessages[error];
}
