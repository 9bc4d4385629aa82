import * as z from 'zod/mini';
import { brandIdSchema, clientIdSchema } from './config.ts';
import { okReply } from './envelope.ts';

/**
 * Platform sessions as the browser sees them (spec §2 /selectAccount, "successful logout screen"; the
 * calls are ours: spec §7 does not show them). The cookie never reaches script: a session is named by
 * its public id, the digest users may quote to support, which cannot be turned back into the cookie.
 */

/** How many accounts one browser keeps signed in, and how many the picker remembers. */
export const MAX_ACCOUNTS_PER_BROWSER = 5;

export const publicSessionIdSchema = z.string().check(z.minLength(1), z.maxLength(64));

/** One account signed in in this browser. */
export const signedInAccountSchema = z.object({
  sessionId: publicSessionIdSchema,
  brandId: brandIdSchema,
  displayName: z.string().check(z.maxLength(128)),
  /** The credential as the user would type it: an email, or E.164 with `#ext` when there is an extension. */
  loginId: z.string().check(z.minLength(1), z.maxLength(254)),
  /** ISO 8601: when this account signed in here. */
  signedInAt: z.string().check(z.maxLength(40)),
});
export type SignedInAccount = z.infer<typeof signedInAccountSchema>;

/** GET /api/sessions: every live session of this browser, most recent sign-in first. */
export const sessionsQuery = z.object({ clientId: clientIdSchema });
export const sessionsReply = okReply(
  z.object({
    accounts: z.array(signedInAccountSchema).check(z.maxLength(MAX_ACCOUNTS_PER_BROWSER)),
  }),
);

/**
 * POST /api/logout: ends one session of this browser (`sessionId`) or all of them (no `sessionId`).
 * `everywhere` also ends the same accounts' sessions in every other browser and revokes the refresh
 * tokens issued to apps for them; without it, tokens already issued stay valid until they expire.
 */
export const logoutBody = z.object({
  clientId: clientIdSchema,
  sessionId: z.optional(publicSessionIdSchema),
  everywhere: z._default(z.boolean(), false),
});
export type LogoutBody = z.input<typeof logoutBody>;
/** The sessions still live in this browser afterwards. */
export const logoutReply = sessionsReply;
