import * as z from 'zod/mini';

// The contract uses zod/mini: the same validation as classic zod, tree-shakable, so the page stays small.

/** Every reply carries a status object (spec §7): success flag, numeric code, error parameters. */
export const statusSchema = z.object({
  success: z.boolean(),
  code: z.int(),
  errorParameters: z._default(z.record(z.string(), z.string()), {}),
  backendMessage: z.optional(z.string()),
});
export type Status = z.infer<typeof statusSchema>;

/** A successful reply: `{ status, data }`. */
export const okReply = <T extends z.ZodMiniType>(data: T) => z.object({ status: statusSchema, data });

/** A failed reply (HTTP 4xx/5xx): status.code is the backend code of spec §8. */
export const errorReplySchema = z.object({
  status: z.extend(statusSchema, { success: z.literal(false), backendMessage: z.string() }),
  /** Password policy code (PWD-008 …), when the failure is a policy violation. */
  errorCode: z.optional(z.string()),
  numberOfLastUsedPasswords: z.optional(z.int()),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

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
  iovationBlacklisted: 307,
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
  incorrectPassword: 407,
  requestFrequently: 429,
  ssoDisabled: 501,
  enforcedSsoLoginOnly: 508,
  badRequest: 400,
  /**
   * Ours (spec §8 has none): a state-changing request from another site, refused with HTTP 403 (the
   * number 403 is spec §8's NOT_SUPPORTED_FORGET_PASSWORD_SSO_ENABLED, so it cannot be reused).
   */
  crossSiteRequest: 419,
} as const;
