import * as z from 'zod/mini';
import { clientIdSchema, localeIdSchema } from './config.ts';
import { intSchema, okReply } from './envelope.ts';
import { publicSessionIdSchema } from './session.ts';

/**
 * Two-factor verification (spec §7: the six /api/two-factor calls; their fields are "not shown", so
 * the shapes are ours, docs/two-factor.md). Every call acts on the browser's signed-in session named
 * by `sessionId` (the login reply's public id), or on its most recent sign-in without one. Contacts
 * leave the server masked only: the page never learns a full phone number or address.
 */

/** Spec §3 contact methods: voice call, SMS and email carry a sent code; APP is the authenticator. */
export const contactBySchema = z.enum(['Phone', 'Sms', 'Email', 'APP']);
export type ContactBy = z.infer<typeof contactBySchema>;
/** The methods that send a code. */
export const deliveryChannelSchema = z.enum(['Phone', 'Sms', 'Email']);
export type DeliveryChannel = z.infer<typeof deliveryChannelSchema>;

/** A code as typed or pasted; the server answers 324 for anything but six digits (spec §8). */
export const securityCodeSchema = z.string().check(z.minLength(1), z.maxLength(16));
/** How many digits a code has (RFC 6238 default, and the sent codes alike). */
export const SECURITY_CODE_LENGTH = 6;

/*
 * Counts are plain ints here: range checks would pull more of zod into the first screen's chunk (zod
 * modules are shared chunk-wide); the server sets them and the page clamps what it waits on
 * (machines/twoFactor/twoFactor.setup.ts).
 */
const count = intSchema;

const sessionQuery = z.object({ clientId: clientIdSchema, sessionId: z.optional(publicSessionIdSchema) });

/** GET /api/two-factor/mfa-settings: what the account and its administrator ask for (spec §3, §6). */
export const mfaSettingsQuery = sessionQuery;
export const mfaSettingsReply = okReply(
  z.object({
    /** The administrator requires a second factor for this account. */
    required: z.boolean(),
    /** The administrator requires an authenticator app in particular. */
    authenticatorRequired: z.boolean(),
    /** Spec §3 second-factor type: present when an authenticator is enrolled. */
    secondFactorType: z.optional(z.literal('TOTP')),
    /** "Don't ask again on this device for N days"; 0 when the option is not offered. */
    trustedDeviceDays: count,
    /** Seconds before a sent code may be sent again (spec §9: length not shown). */
    resendAfterSeconds: count,
  }),
);
export type MfaSettings = z.infer<typeof mfaSettingsReply>['data'];

/** GET /api/two-factor/contact-info: the masked phone and email, one entry per method they allow. */
export const contactInfoQuery = sessionQuery;
export const maskedContactSchema = z.string().check(z.minLength(1), z.maxLength(64));
export const contactInfoReply = okReply(
  z.object({
    contacts: z
      .array(z.object({ contactBy: deliveryChannelSchema, masked: maskedContactSchema }))
      .check(z.maxLength(3)),
  }),
);
export type ContactOption = z.infer<typeof contactInfoReply>['data']['contacts'][number];

/**
 * GET /api/two-factor/mfa-totp: a new authenticator secret to enrol. It stays pending (and unused)
 * until mfa-totp-verification proves an app holds it; asking again replaces it.
 */
export const mfaTotpQuery = sessionQuery;
export const mfaTotpReply = okReply(
  z.object({
    /** RFC 4648 base32, no padding. */
    secret: z.string().check(z.regex(/^[A-Z2-7]{16,128}$/)),
    /** The otpauth:// URI the QR code carries (issuer, account, SHA1, 6 digits, 30 s). */
    otpauthUri: z.string().check(z.maxLength(512), z.regex(/^otpauth:\/\/totp\//)),
    issuer: z.string().check(z.maxLength(128)),
    accountName: z.string().check(z.maxLength(254)),
  }),
);
export type TotpEnrolment = z.infer<typeof mfaTotpReply>['data'];

/** POST /api/two-factor/mfa-totp-verification: the pending secret's current code; enrols it. */
export const mfaTotpVerificationBody = z.object({
  clientId: clientIdSchema,
  sessionId: z.optional(publicSessionIdSchema),
  code: securityCodeSchema,
  trustDevice: z._default(z.boolean(), false),
});
export type MfaTotpVerificationBody = z.input<typeof mfaTotpVerificationBody>;

/** POST /api/two-factor/send-code (spec §7: contactBy, localeId). */
export const sendCodeBody = z.object({
  clientId: clientIdSchema,
  sessionId: z.optional(publicSessionIdSchema),
  contactBy: deliveryChannelSchema,
  localeId: localeIdSchema,
});
export type SendCodeBody = z.input<typeof sendCodeBody>;
export const sendCodeReply = okReply(
  z.object({
    contactBy: deliveryChannelSchema,
    masked: maskedContactSchema,
    resendAfterSeconds: count,
    expiresInSeconds: count,
  }),
);
export type SentCode = z.infer<typeof sendCodeReply>['data'];

/** POST /api/two-factor/verify-code: a sent code (Phone, Sms, Email) or the authenticator's (APP). */
export const verifyCodeBody = z.object({
  clientId: clientIdSchema,
  sessionId: z.optional(publicSessionIdSchema),
  contactBy: contactBySchema,
  code: securityCodeSchema,
  /** Skip two-factor on this device for the settings' trustedDeviceDays (a signed HttpOnly cookie). */
  trustDevice: z._default(z.boolean(), false),
});
export type VerifyCodeBody = z.input<typeof verifyCodeBody>;

/** Both verifications answer the same: the session's second factor is done. */
export const verifiedReply = okReply(z.object({ verified: z.literal(true) }));
