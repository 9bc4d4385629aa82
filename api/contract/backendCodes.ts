/** Backend codes the reference server emits; the full catalogue of spec §8 lives in the client's error table. */
export const backendCode = {
  internal: 101,
  loginFailed: 108,
  noPermission: 206,
  invalidRedirectUri: 208,
  invalidSessionToken: 221,
  sessionDataNotFound: 223,
  brandNotFound: 301,
  credentialNotFound: 304,
  /** Spec §4: the code request needs a second factor first (two-factor dispatcher). */
  twoFactorRequired: 306,
  /**
   * Spec §4 sends 224 to the dispatcher too; the reference server answers it when the administrator
   * requires an authenticator app that is not set up yet (docs/two-factor.md).
   */
  authenticatorSetupRequired: 224,
  iovationBlacklisted: 307,
  /** Spec §8 INCORRECT_CODE: a wrong sent code (310), an expired one (311), a wrong authenticator code (315). */
  incorrectCode: 310,
  expiredCode: 311,
  incorrectAuthenticatorCode: 315,
  /** Spec §8 PHONE_NUMBER_ERROR: calls to the number are not available. */
  phoneNumberError: 321,
  /** Spec §8 INVALID_CODE_ERROR: not a six-digit code. */
  invalidCode: 324,
  /** Spec §8 CODE_VERIFICATION_LIMIT: too many wrong codes. */
  codeVerificationLimit: 326,
  /** Spec §8 MFA_CODE_FORBIDDEN: a code (or authenticator time step) already used. */
  codeUsed: 328,
  /** Spec §8 CONSENT: a third-party app asked for a code the user has not approved. */
  consent: 314,
  ssoCredentialEnabled: 316,
  accountError: 351,
  ivnLoginDenied: 354,
  userNotConfirmed: 361,
  accountDisabled: 362,
  accountSuspended: 363,
  accountTrialExpired: 364,
  userNotActivated: 371,
  extensionDisabled: 372,
  extensionFrozen: 373,
  accountLocked: 374,
  /** Spec §8 NUMERIC_PASSWORD_EXPIRED: an old numeric password, changed through change-legacy-password. */
  numericPasswordExpired: 319,
  /** Spec §8 PASSWORD_ERROR: the new password breaks a rule; `errorCode` names it (PWD-001 …). */
  passwordError: 402,
  /** Spec §8 NOT_SUPPORTED_FORGET_PASSWORD_SSO_ENABLED: the account signs in by single sign-on. */
  ssoForgetPassword: 403,
  /** Spec §8 IVR_PIN_ERROR: the new PIN breaks a rule. */
  ivrPinError: 404,
  /** Spec §8 RESET_PASSWORD_LINK_INVALID: an unknown, used, replaced or expired link. */
  resetLinkInvalid: 405,
  incorrectPassword: 407,
  /** Spec §8 EXPRESS_LINK_INVALID: an unknown, used or expired sign-in link. */
  expressLinkInvalid: 411,
  /**
   * Ours (spec §8 has none): the password must be changed (enforced reset or one-time password)
   * before a code is issued; the page sends the user to /enforceResetPassword or /changeOneTimePassword.
   */
  passwordChangeRequired: 412,
  /** Spec §8 SENDEMAIL_FREQUENTLY: too many codes sent. */
  sendEmailFrequently: 413,
  requestFrequently: 429,
  /** Ours (spec §8 has none): the client is retired; no code is issued and the page names its replacement. */
  applicationRetired: 216,
  /** Spec §4 720: the FedRAMP notice must be accepted before a code is issued. */
  fedrampNoticeRequired: 720,
  /** Ours: the account must accept the current terms of service before a code is issued. */
  termsNotAccepted: 730,
  /** Ours: the terms accepted are not the current version any more (the page loads them again). */
  termsVersionChanged: 731,
  /** Ours: a room's user code (RFC 8628) that is unknown, expired or already used. */
  deviceCodeInvalid: 740,
  /**
   * Ours, passkeys (docs/passkeys.md): the signature, origin, RP ID or user verification of a WebAuthn
   * response did not check out, or its authenticator data was malformed.
   */
  passkeyNotVerified: 750,
  /** Ours: no such passkey (never registered, removed, or not the account the sign-in was started for). */
  passkeyUnknown: 751,
  /** Ours: the passkey challenge is unknown, used, expired or for the other ceremony: ask for new options. */
  passkeyChallengeExpired: 752,
  /** Ours: the authenticator's signature counter went backwards (a cloned authenticator); refused and audited. */
  passkeyCounterBehind: 753,
  /** Ours: the administrator requires new passkeys for the account and this one predates the requirement. */
  passkeyReenrolmentRequired: 754,
  /** Ours: the brand does not offer passkeys. */
  passkeysNotAllowed: 755,
  ssoDisabled: 501,
  /** Spec §8 SSO_DISABLE's other code: the account's brand (its company) has single sign-on turned off. */
  ssoDisabledForBrand: 502,
  enforcedSsoLoginOnly: 508,
  badRequest: 400,
  /**
   * Ours (spec §8 has none): a state-changing request from another site, refused with HTTP 403 (the
   * number 403 is spec §8's NOT_SUPPORTED_FORGET_PASSWORD_SSO_ENABLED, so it cannot be reused).
   */
  crossSiteRequest: 419,
} as const;
