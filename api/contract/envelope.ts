import * as z from 'zod/mini';

// The contract uses zod/mini: the same validation as classic zod, tree-shakable, so the page stays small.
// zod's modules ship in the first screen's chunk with every schema type any chunk of the SPA uses
// (tree-shaking is per export, chunking per module), so the contract keeps to a few types: a string
// map is an object with a catch-all (not z.record), a whole number a refined number (not z.int), an
// extended shape is spread into z.object (not z.extend), a URL a refined string (not z.url), and
// alternatives z.union (not z.discriminatedUnion). docs/benchmarks.md says what each one cost.

/** A URL with a scheme, as `new URL` reads it (z.url() would add its own schema type to the first screen). */
export const urlSchema = z.string().check(z.refine((value) => URL.canParse(value), 'must be a URL'));

/** A whole number (z.int() would add its number-format type, ~0.5 KB, to the first screen). */
export const intSchema = z.number().check(z.refine(Number.isSafeInteger, 'must be a whole number'));
/** A whole number from `min` to `max` (z.minimum and z.maximum would add their check types, ~0.2 KB). */
export const intIn = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  intSchema.check(z.refine((value) => value >= min && value <= max, `must be from ${min} to ${max}`));

/** Every reply carries a status object (spec §7): success flag, numeric code, error parameters. */
const statusShape = {
  success: z.boolean(),
  code: intSchema,
  errorParameters: z._default(z.catchall(z.object({}), z.string()), {}),
  backendMessage: z.optional(z.string()),
};
export const statusSchema = z.object(statusShape);
export type Status = z.infer<typeof statusSchema>;

/** A successful reply: `{ status, data }`. */
export const okReply = /* @__NO_SIDE_EFFECTS__ */ <T extends z.ZodMiniType>(data: T) =>
  z.object({ status: statusSchema, data });

/** A failed reply (HTTP 4xx/5xx): status.code is the backend code of spec §8. Spread it to extend it. */
export const errorReplyShape = {
  status: z.object({ ...statusShape, success: z.literal(false), backendMessage: z.string() }),
  /** Policy code (PWD-008 …, ANSWER-001 …), when the failure is a policy violation (api/passwordRules.ts). */
  errorCode: z.optional(z.string()),
  numberOfLastUsedPasswords: z.optional(intSchema),
};
export const errorReplySchema = z.object(errorReplyShape);
export type ErrorReply = z.infer<typeof errorReplySchema>;
