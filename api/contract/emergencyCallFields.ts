import * as z from 'zod/mini';
import { clientIdSchema } from './config.ts';
import { publicSessionIdSchema } from './session.ts';

// What every emergency-address call carries (the session) and the ids the calls pass between them: a
// leaf that the address, location and registration contracts share, so none of them imports another's.

export const addressFormatIdSchema = z.string().check(z.minLength(1), z.maxLength(64));
export const locationIdSchema = z.string().check(z.minLength(1), z.maxLength(64));
export const deviceIdSchema = z.string().check(z.minLength(1), z.maxLength(64));
export const sessionFields = { clientId: clientIdSchema, sessionId: z.optional(publicSessionIdSchema) };
