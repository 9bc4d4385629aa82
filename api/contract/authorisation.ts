import { z } from 'zod';
import { clientIdSchema, localeIdSchema } from './config.ts';
import { okReply } from './envelope.ts';

/** The partner's redirect URI. Exact-match validation happens on the server; this only bounds the shape. */
export const appUrlSchemeSchema = z.string().min(1).max(2048);

/** POST /api/verifyRedirectURI */
export const verifyRedirectUriBody = z.object({ clientId: clientIdSchema, appUrlScheme: appUrlSchemeSchema });
export const verifyRedirectUriReply = okReply(z.object({ valid: z.literal(true) }));

/** POST /api/post-authn/generate-code (spec §7 payload, plus the PKCE challenge carried from /oauth/authorize). */
export const generateCodeBody = z.object({
  clientId: clientIdSchema,
  appUrlScheme: appUrlSchemeSchema,
  localeId: localeIdSchema,
  state: z.string().max(1024).optional(),
  responseType: z.string().max(32),
  responseHint: z.string().max(256).optional(),
  scope: z.string().max(1024).optional(),
  rdr: z.string().max(2048).optional(),
  appParams: z.string().max(2048).optional(),
  entryLocation: z.string().max(256).optional(),
  appName: z.string().max(256).optional(),
  discovery: z.boolean().default(false),
  queryString: z.string().max(8192).optional(),
  skipRCMSunsetCheck: z.boolean().default(false),
  oneTimeSession: z.boolean().default(false),
  fedrampNotificationCompleted: z.boolean().default(false),
  eaCompleted: z.boolean().default(false),
  codeChallenge: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, 'codeChallenge must be 43-128 unreserved characters').optional(),
  codeChallengeMethod: z.literal('S256').optional(),
});
export type GenerateCodeBody = z.input<typeof generateCodeBody>;
export const generateCodeReply = okReply(
  z.object({
    extensionId: z.string(),
    accountId: z.string(),
    redirectUri: z.string().url(),
  }),
);
