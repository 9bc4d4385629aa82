import type * as z from 'zod/mini';
import { backendCode as code } from './backendCodes.ts';
import { emergencyBackendCode } from './emergencyErrors.ts';

/** The shape of the table of calls (operations.ts) and the backend codes each group's failures carry. */

/** A group of calls, as the reference page lists them, with the backend codes its failures may carry. */
export interface OperationGroup {
  title: string;
  codes: readonly number[];
}

export interface Operation {
  method: 'GET' | 'POST';
  /** As the server registers it, under /api. */
  path: string;
  group: keyof typeof operationGroups;
  summary: string;
  /** GET: the query parameters; POST: the JSON body (clientId travels in the query as well). */
  request: z.ZodMiniType;
  /** The 200 reply, or `redirect` for a page the browser is sent to (a 302 to the next step). */
  reply: z.ZodMiniType | 'redirect';
  /**
   * The failure's envelope when it carries more than errorReplySchema (an emergency refusal's fields);
   * a policy refusal's errorCode (PWD-…, ANSWER-…) is in the envelope already.
   */
  errorReply?: z.ZodMiniType;
}

/** What any call may answer: a bad request, a cross-site refusal, the rate limit, an internal error. */
export const commonErrorCodes: readonly number[] = [
  code.badRequest,
  code.crossSiteRequest,
  code.requestFrequently,
  code.internal,
];
/** A call that needs the browser's session answers these when there is none or it ended. */
const sessionCodes = [code.invalidSessionToken, code.sessionDataNotFound];
const accountStates = [
  code.accountError,
  code.accountDisabled,
  code.accountSuspended,
  code.accountTrialExpired,
  code.accountLocked,
  code.userNotConfirmed,
  code.userNotActivated,
  code.extensionDisabled,
  code.extensionFrozen,
  code.ivnLoginDenied,
];
const signInRefusals = [
  code.loginFailed,
  code.credentialNotFound,
  code.incorrectPassword,
  code.numericPasswordExpired,
  code.iovationBlacklisted,
  code.ssoCredentialEnabled,
  code.enforcedSsoLoginOnly,
  ...accountStates,
];
const twoFactorCodes = [
  code.twoFactorRequired,
  code.authenticatorSetupRequired,
  code.incorrectCode,
  code.expiredCode,
  code.incorrectAuthenticatorCode,
  code.phoneNumberError,
  code.invalidCode,
  code.codeVerificationLimit,
  code.codeUsed,
  code.sendEmailFrequently,
];
const emergencyCodes = [
  emergencyBackendCode.addressRequired,
  emergencyBackendCode.digitalLineMissing,
  emergencyBackendCode.address,
  emergencyBackendCode.locations,
];

export const operationGroups = {
  config: { title: 'Brand, locales and countries', codes: [code.brandNotFound, code.invalidRedirectUri] },
  signIn: {
    title: 'Credential, sign-in and sessions',
    codes: [...signInRefusals, ...sessionCodes, code.ssoDisabled, code.ssoDisabledForBrand],
  },
  authorisation: {
    title: 'Consent and the authorisation code',
    codes: [
      ...sessionCodes,
      ...signInRefusals,
      code.invalidRedirectUri,
      code.consent,
      code.noPermission,
      code.twoFactorRequired,
      code.authenticatorSetupRequired,
      code.passwordChangeRequired,
      code.applicationRetired,
      code.fedrampNoticeRequired,
      code.termsNotAccepted,
      ...emergencyCodes,
    ],
  },
  notices: {
    title: 'Terms of service and retired apps',
    codes: [...sessionCodes, code.termsVersionChanged, code.invalidRedirectUri, code.applicationRetired],
  },
  twoFactor: { title: 'Two-factor authentication', codes: [...sessionCodes, ...twoFactorCodes] },
  passkeys: {
    title: 'Passkeys',
    codes: [
      ...sessionCodes,
      ...signInRefusals,
      code.passkeyNotVerified,
      code.passkeyUnknown,
      code.passkeyChallengeExpired,
      code.passkeyCounterBehind,
      code.passkeyReenrolmentRequired,
      code.passkeysNotAllowed,
    ],
  },
  emergency: { title: 'Emergency address (E911)', codes: [...sessionCodes, ...emergencyCodes] },
  account: {
    title: 'Passwords, links and activation',
    codes: [
      ...sessionCodes,
      ...signInRefusals,
      code.passwordError,
      code.ssoForgetPassword,
      code.ivrPinError,
      code.resetLinkInvalid,
      code.expressLinkInvalid,
      code.passwordChangeRequired,
      code.sendEmailFrequently,
      code.incorrectCode,
    ],
  },
  device: { title: 'Room activation (device grant)', codes: [code.deviceCodeInvalid] },
} satisfies Record<string, OperationGroup>;

type Group = Operation['group'];
export const get = (
  group: Group,
  path: string,
  summary: string,
  request: z.ZodMiniType,
  reply: Operation['reply'],
) => ({ method: 'GET', path: `/api${path}`, group, summary, request, reply }) satisfies Operation;
export const post = (
  group: Group,
  path: string,
  summary: string,
  request: z.ZodMiniType,
  reply: z.ZodMiniType,
) => ({ method: 'POST', path: `/api${path}`, group, summary, request, reply }) satisfies Operation;

/** The backend codes a failure of this call may carry. */
export const errorCodesOf = (operation: Operation): readonly number[] => [
  ...commonErrorCodes,
  ...operationGroups[operation.group].codes,
];
