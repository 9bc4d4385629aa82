import * as z from 'zod/mini';
import { activationAnswerRules } from '../passwordRules.ts';
import { brandIdSchema, clientIdSchema, localeIdSchema } from './config.ts';
import { errorReplyShape, intSchema, okReply } from './envelope.ts';
import { publicSessionIdSchema } from './session.ts';

/**
 * Password, PIN and account lifecycle (spec §7 /api/account/* and /api/loginWithActivationCode; most
 * fields "not shown", so the shapes are ours: docs/passwords.md "Server"). Not re-exported from
 * index.ts: the page imports this file from the chunks that need it, keeping it out of the first one.
 */

/** An email, or a phone number with an optional `#extension` (what the user typed on the credential page). */
export const accountCredentialSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(300));
/** Emailed tokens: 32 random bytes, base64url. */
export const accountTokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'not a link token'));
/** A new password as typed; the rules (api/passwordRules.ts) are checked by the server, not here. */
const newPassword = z.string().check(z.minLength(1), z.maxLength(256));
/** The account's password as it is now (as /api/login's `password`). */
const currentPassword = z.string().check(z.minLength(1), z.maxLength(256));
/** A PIN as typed (spec §5 rules checked by the server: 404 IVR_PIN_ERROR). */
const pinText = z.string().check(z.maxLength(64));
/**
 * The SPA's own start-up query (api/contract/startup.ts), so the emailed link continues the sign-in the
 * user came from; the server keeps only what startupParamsSchema accepts.
 */
const returnQuery = z.optional(z.string().check(z.maxLength(4096)));

/** POST /api/account/lookup-credential: whom "forgot password" by phone number writes to. */
export const lookupCredentialBody = z.object({
  clientId: clientIdSchema,
  brandId: z.optional(brandIdSchema),
  credential: accountCredentialSchema,
});
export const lookupCredentialReply = okReply(
  z.object({
    /** Masked by spec §5 (`m***a@e***e.com`); absent when the account has no email. */
    maskedEmail: z.optional(z.string().check(z.maxLength(254))),
    hasPin: z.boolean(),
    ssoEnabled: z.boolean(),
  }),
);

const sendBody = {
  clientId: clientIdSchema,
  brandId: z.optional(brandIdSchema),
  credential: accountCredentialSchema,
  localeId: localeIdSchema,
  returnQuery,
};
/** Every call that emails a link answers where it went, masked. */
export const emailSentReply = okReply(z.object({ maskedEmail: z.string().check(z.maxLength(254)) }));

/** POST /api/account/email-recovery-link (spec §3 recovery request: setupPassword for a first password). */
export const emailRecoveryLinkBody = z.object({ ...sendBody, setupPassword: z._default(z.boolean(), false) });
/** POST /api/account/email-express-link: "email me a sign-in link". */
export const emailExpressLinkBody = z.object(sendBody);
/** POST /api/account/send-activation (371) and /api/account/resend-confirmation (361). */
export const sendActivationBody = z.object(sendBody);
export const resendConfirmationBody = z.object(sendBody);

/** POST /api/account/reset-password-info: what the create-password page needs; the link stays valid. */
export const resetPasswordInfoBody = z.object({ clientId: clientIdSchema, token: accountTokenSchema });
export const accountInfoSchema = z.object({
  email: z.optional(z.string()),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  phoneNumber: z.optional(z.string()),
  extension: z.optional(z.string()),
});
export const resetPasswordInfoReply = okReply(
  z.object({
    loginId: z.string(),
    /** 'setup' when the link sets a first password (spec's setupPassword). */
    purpose: z.enum(['reset', 'setup']),
    hasPin: z.boolean(),
    /** For the no-account-information rules of the checklist (passwordChecklist). */
    accountInfo: accountInfoSchema,
    numberOfLastUsedPasswords: intSchema,
  }),
);

/** POST /api/account/reset-password (spec §7: password, ivrPin). */
export const resetPasswordBody = z.object({
  clientId: clientIdSchema,
  token: accountTokenSchema,
  password: newPassword,
  ivrPin: z.optional(pinText),
});
export const loginIdReply = okReply(z.object({ loginId: z.string() }));

/** POST /api/account/login-with-express-link: opens a session like /api/login (its reply, loginReply). */
export const loginWithExpressLinkBody = z.object({
  clientId: clientIdSchema,
  token: accountTokenSchema,
  rememberMe: z._default(z.boolean(), false),
});

/**
 * POST /api/account/change-password for a signed-in session. `currentPassword` may be left out only
 * right after a sign-in that the server is holding back for a required change (412).
 */
export const changePasswordBody = z.object({
  clientId: clientIdSchema,
  sessionId: z.optional(publicSessionIdSchema),
  currentPassword: z.optional(currentPassword),
  password: newPassword,
  pin: z.optional(pinText),
});

/** POST /api/account/change-legacy-password (319): no session is opened; the user signs in anew. */
export const changeLegacyPasswordBody = z.object({
  clientId: clientIdSchema,
  brandId: z.optional(brandIdSchema),
  username: accountCredentialSchema,
  currentPassword,
  password: newPassword,
});

/**
 * POST /api/account/in-app-activation (spec §7: pin, clientId, userName, optional theme). `pin` is the
 * six-digit activation code the email carries, or the token of its link.
 */
export const inAppActivationBody = z.object({
  clientId: clientIdSchema,
  brandId: z.optional(brandIdSchema),
  userName: accountCredentialSchema,
  pin: z.string().check(z.minLength(1), z.maxLength(64)),
  theme: z.optional(z.string().check(z.maxLength(64))),
});
export const activatedReply = okReply(z.object({ loginId: z.string(), activated: z.literal(true) }));

/**
 * POST /api/loginWithActivationCode: a sign-in with the activation code. The password is checked as at
 * /api/login (108, the lockout), then the activation answer (spec §5, activationAnswerErrorReply), then
 * the code as at in-app-activation (310); the account is activated, the answer kept (hashed) for support
 * staff to confirm a caller, and a session opened (loginReply).
 */
export const loginWithActivationCodeBody = z.object({
  clientId: clientIdSchema,
  brandId: z.optional(brandIdSchema),
  userName: accountCredentialSchema,
  password: currentPassword,
  /** Checked by the server's rules (api/passwordRules.ts), not here, so an empty one answers ANSWER-001. */
  activationAnswer: z.string().check(z.maxLength(256)),
  pin: z.string().check(z.minLength(1), z.maxLength(64)),
  rememberMe: z._default(z.boolean(), false),
});
/**
 * loginWithActivationCode's refusal of the answer: HTTP 400, code 400, `errorCode` ANSWER-001 (fewer
 * than five characters) or ANSWER-002 (contains the password); machines/passwordPolicyErrors.ts words it.
 */
export const activationAnswerErrorReply = z.object({
  ...errorReplyShape,
  errorCode: z.enum([
    activationAnswerRules.answerLength.policyCode,
    activationAnswerRules.answerWithoutPassword.policyCode,
  ]),
});

/** POST /api/account/confirm-email: the confirmation link's token; 361 is no longer answered. */
export const confirmEmailBody = z.object({ clientId: clientIdSchema, token: accountTokenSchema });
export const emailConfirmedReply = okReply(z.object({ loginId: z.string(), confirmed: z.literal(true) }));
