import { z } from 'zod';
import { brandIdSchema, clientIdSchema } from './config.ts';
import { okReply } from './envelope.ts';

/** An email or an E.164 phone number: what the client derives from the credential (api/credential.ts). */
export const usernameSchema = z.string().trim().min(1).max(254);
/** Extension: empty, or digits not starting with 0 (spec §5). */
export const extensionSchema = z.string().regex(/^([1-9]\d{0,15})?$/, 'extension must be digits not starting with 0');

/** POST /api/login-info */
export const loginInfoBody = z.object({
  clientId: clientIdSchema,
  brandId: brandIdSchema.optional(),
  /** Device fingerprint (iovation) token. */
  f: z.string().max(4096).optional(),
  username: usernameSchema,
  extension: extensionSchema.optional(),
});
export const loginInfoReply = okReply(
  z.object({
    brandId: brandIdSchema,
    loginType: z.enum(['password', 'sso']),
  }),
);

/** POST /api/login */
export const loginBody = z.object({
  clientId: clientIdSchema,
  brandId: brandIdSchema.optional(),
  username: usernameSchema,
  extension: extensionSchema.optional(),
  password: z.string().min(1).max(256),
});
export const loginReply = okReply(
  z.object({
    brandId: brandIdSchema,
    accountId: z.string(),
    extensionId: z.string(),
  }),
);
