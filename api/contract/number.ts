import * as z from 'zod/mini';
import { brandIdSchema, clientIdSchema } from './config.ts';
import { okReply } from './envelope.ts';

/** ISO 3166-1 alpha-2, as libphonenumber names countries. */
export const countryIsoCodeSchema = z
  .string()
  .check(z.regex(/^[A-Z]{2}$/, 'countryIsoCode must be two capital letters'));

/**
 * POST /api/number/parse (spec §7). A number without a leading + is read as a national number of
 * countryIsoCode (default: the brand's country) when nationalAsPriority is on (the default), else
 * first as an international number without its +; either way the other reading is the fallback
 * when the first one is not a valid number.
 */
export const numberParseBody = z.object({
  clientId: clientIdSchema,
  brandId: z.optional(brandIdSchema),
  countryIsoCode: z.optional(countryIsoCodeSchema),
  nationalAsPriority: z._default(z.boolean(), true),
  numbers: z
    .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(64)))
    .check(z.minLength(1), z.maxLength(50)),
});
export type NumberParseBody = z.input<typeof numberParseBody>;

/**
 * One entry per requested number, in request order; a number that cannot be read does not fail the
 * rest (`parsed: false`, only `originalString`). One object with a check rather than a union of two:
 * z.union would add its schema type to the first screen (api/contract/envelope.ts).
 */
export const phoneNumberRecordSchema = z
  .object({
    originalString: z.string(),
    parsed: z.boolean(),
    /** Whether the digits fit a real numbering plan, not only the shape of one. */
    isValid: z.optional(z.boolean()),
    e164: z.optional(z.string()),
    countryCallingCode: z.optional(z.string()),
    /** Absent for numbers that belong to no single country (+800 and the like). */
    countryIsoCode: z.optional(countryIsoCodeSchema),
    formattedNational: z.optional(z.string()),
    formattedInternational: z.optional(z.string()),
  })
  .check(
    z.refine(
      (record) =>
        !record.parsed ||
        (record.isValid !== undefined &&
          record.e164 !== undefined &&
          record.countryCallingCode !== undefined &&
          record.formattedNational !== undefined &&
          record.formattedInternational !== undefined),
      'a parsed number carries its validity, E.164 form, calling code and formats',
    ),
  );
export type PhoneNumberRecord = z.infer<typeof phoneNumberRecordSchema>;

export const numberParseReply = okReply(z.object({ phoneNumbers: z.array(phoneNumberRecordSchema) }));
