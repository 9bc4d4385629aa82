import * as z from 'zod/mini';
import { clientIdSchema, localeIdSchema } from './config.ts';

const text = (max: number) => z.string().check(z.maxLength(max));

/** The partner's redirect URI. Exact-match validation happens on the server; this only bounds the shape. */
export const appUrlSchemeSchema = z.string().check(z.minLength(1), z.maxLength(2048));
/** PKCE code challenge: 43–128 unreserved characters (RFC 7636 §4.2). */
export const codeChallengeSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9._~-]{43,128}$/, 'codeChallenge must be 43-128 unreserved characters'));

/** POST /api/verifyRedirectURI */
export const verifyRedirectUriBody = z.object({ clientId: clientIdSchema, appUrlScheme: appUrlSchemeSchema });

/** POST /api/post-authn/generate-code (spec §7 payload, plus the PKCE challenge carried from /oauth/authorize). */
export const generateCodeBody = z.object({
  clientId: clientIdSchema,
  appUrlScheme: appUrlSchemeSchema,
  localeId: localeIdSchema,
  state: z.optional(text(1024)),
  responseType: text(32),
  responseHint: z.optional(text(256)),
  scope: z.optional(text(1024)),
  rdr: z.optional(text(2048)),
  appParams: z.optional(text(2048)),
  entryLocation: z.optional(text(256)),
  appName: z.optional(text(256)),
  discovery: z._default(z.boolean(), false),
  queryString: z.optional(text(8192)),
  skipRCMSunsetCheck: z._default(z.boolean(), false),
  oneTimeSession: z._default(z.boolean(), false),
  fedrampNotificationCompleted: z._default(z.boolean(), false),
  eaCompleted: z._default(z.boolean(), false),
  codeChallenge: z.optional(codeChallengeSchema),
  codeChallengeMethod: z.optional(z.literal('S256')),
  /** OpenID Connect's nonce, carried from /oauth/authorize into the ID token unchanged. */
  nonce: z.optional(text(512)),
  /**
   * Which of this browser's signed-in accounts the code is for (its public session id, from the login
   * reply or GET /api/sessions); without it, the most recent sign-in.
   */
  sessionId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  /**
   * The user pressed Approve on the consent page for this request. Without it a third-party app gets a
   * code only when an earlier grant covers the scope (spec §8 CONSENT 314 otherwise), so a link that
   * adds hide_consent cannot skip the user's consent.
   */
  consentGiven: z._default(z.boolean(), false),
});
export type GenerateCodeBody = z.input<typeof generateCodeBody>;
