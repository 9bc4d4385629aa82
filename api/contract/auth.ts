import * as z from 'zod/mini';
import { brandIdSchema, clientIdSchema } from './config.ts';
import { okReply } from './envelope.ts';

/** An email or an E.164 phone number: what the client derives from the credential (api/credential.ts). */
export const usernameSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(254));
/** Extension: empty, or digits not starting with 0 (spec §5). */
export const extensionSchema = z
  .string()
  .check(z.regex(/^([1-9]\d{0,15})?$/, 'extension must be digits not starting with 0'));

/** POST /api/login-info */
export const loginInfoBody = z.object({
  clientId: clientIdSchema,
  brandId: z.optional(brandIdSchema),
  /** Device fingerprint (iovation) token. */
  f: z.optional(z.string().check(z.maxLength(4096))),
  username: usernameSchema,
  extension: z.optional(extensionSchema),
});
/**
 * Ways an account may sign in (the login option page, docs/notices.md "Login option"); `passkey` when the
 * account has one that signs in and its brand offers them (docs/passkeys.md).
 */
export const loginOptionKinds = ['password', 'sso', 'emailLink', 'passkey'] as const;
export type LoginOption = (typeof loginOptionKinds)[number];
export const loginInfoReply = okReply(
  z.object({
    brandId: brandIdSchema,
    loginType: z.enum(['password', 'sso']),
    /**
     * Ours: the ways this account chooses between on the login option page. Answered only when there is
     * a choice the password page does not offer (single sign-on besides an open password, a passkey).
     */
    loginOptions: z.optional(z.array(z.enum(loginOptionKinds))),
  }),
);

/** POST /api/login */
export const loginBody = z.object({
  clientId: clientIdSchema,
  brandId: z.optional(brandIdSchema),
  username: usernameSchema,
  extension: z.optional(extensionSchema),
  password: z.string().check(z.minLength(1), z.maxLength(256)),
  /**
   * Remember me (spec §2 `hide_remember_me`, `remember_me_on`): a persistent session cookie instead of
   * one that ends with the browser, and a longer session.
   */
  rememberMe: z._default(z.boolean(), false),
});
export const loginReply = okReply(
  z.object({
    brandId: brandIdSchema,
    accountId: z.string(),
    extensionId: z.string(),
    /** The platform session's public id, quoted in error messages (spec §8). */
    sessionId: z.optional(z.string().check(z.maxLength(64))),
    /** The name the account picker shows; absent from backends that do not know it. */
    displayName: z.optional(z.string().check(z.maxLength(128))),
    /**
     * The password must be replaced before any code is issued (412, docs/passwords.md): the
     * administrator flagged the account, or the password is a temporary one.
     */
    passwordChange: z.optional(z.enum(['enforced', 'oneTime'])),
  }),
);
/** What a successful sign-in answers (password, emailed link or activation code). */
export type LoginResult = z.infer<typeof loginReply>['data'];

/** GET /api/session-data (spec §7: path not shown; ours). */
export const sessionDataQuery = z.object({ clientId: clientIdSchema });
export const sessionDataReply = okReply(
  z.object({ sessionId: z.string().check(z.maxLength(64)), expiresAt: z.string() }),
);
