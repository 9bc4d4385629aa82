import * as z from 'zod/mini';
import { clientIdSchema } from './config.ts';
import { okReply } from './envelope.ts';

// Room activation (docs/room-activation.md): a meeting-room device signs in with the OAuth 2.0 device
// authorization grant (RFC 8628). The room shows a user code; the room activation page takes it here.
// The RFC's own endpoints (/oauth/device_authorization, the token grant) are form-encoded and server-only.

/** RFC 8628 §6.1: eight letters without vowels (BCDFGHJKLMNPQRSTVWXZ), shown as XXXX-XXXX. */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const USER_CODE_LENGTH = 8;

/** What the person typed: case, spaces and dashes are forgiven (the server normalises), length bounded. */
export const userCodeInputSchema = z.string().check(z.minLength(1), z.maxLength(32));

/** The typed code as the server compares it: letters only, upper case; undefined when it cannot be one. */
export function normaliseUserCode(typed: string): string | undefined {
  const letters = typed.toUpperCase().replace(/[\s-]/g, '');
  if (letters.length !== USER_CODE_LENGTH) return undefined;
  for (const letter of letters) if (!USER_CODE_ALPHABET.includes(letter)) return undefined;
  return letters;
}

/** The code as a room shows it and the page echoes it: XXXX-XXXX. */
export const formatUserCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** POST /api/device/verify: the room's user code → the room app's name and where its sign-in starts. */
export const verifyUserCodeBody = z.object({ clientId: clientIdSchema, userCode: userCodeInputSchema });
export const verifyUserCodeReply = okReply(
  z.object({
    /** The room app's display name (the consent page names it too). */
    appName: z.string(),
    /**
     * Same-origin `/oauth/authorize?…` for the room's client: the page goes there, and the person signs
     * in as usual (two-factor, consent and the rest); approving on the consent page approves the room.
     */
    authorizeUrl: z.string().check(z.regex(/^\/oauth\/authorize\?/, 'must be this server’s authorize path')),
  }),
);
export type VerifiedUserCode = z.infer<typeof verifyUserCodeReply>['data'];
