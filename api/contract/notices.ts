import * as z from 'zod/mini';
import { clientIdSchema, localeIdSchema } from './config.ts';
import { okReply, urlSchema } from './envelope.ts';

// The notices' calls (docs/notices.md): the terms of service an account must accept, and a retired
// app's replacement. A file only the notices flow's endpoints import, so none of it loads with the first screen.

/** A terms version: a date-like id the server bumps when the text changes ("2026-11-01"). */
export const termsVersionSchema = z
  .string()
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'));

/**
 * Which text the page shows (spec §9: brands 2000 to 4910 have a terms variant of their own; every
 * other brand the default). The words are message ids in the SPA; the server decides the variant.
 */
export const termsVariantSchema = z.enum(['default', 'partner']);

/** GET /api/terms?clientId&localeId[&sessionId]: the terms the signed-in account must accept now. */
export const termsReply = okReply(
  z.object({
    version: termsVersionSchema,
    variant: termsVariantSchema,
    /** The brand whose terms these are (the account's brand). */
    brandId: z.string(),
    /** When this version took effect (ISO 8601 date). */
    effectiveDate: termsVersionSchema,
    /** Whether this account accepted an earlier version (the page then says the terms were updated). */
    updated: z.boolean(),
    /** The full text on the brand's site, when the brand names one (brand asset termsOfServicePage). */
    termsUrl: z.optional(urlSchema),
  }),
);
export type TermsOfService = z.infer<typeof termsReply>['data'];

/** POST /api/terms/accept: the version the user read and accepted (731 when it is not current any more). */
export const acceptTermsBody = z.object({
  clientId: clientIdSchema,
  version: termsVersionSchema,
  sessionId: z.optional(z.string().check(z.maxLength(64))),
});
export const acceptTermsReply = okReply(z.object({ version: termsVersionSchema, acceptedAt: z.string() }));

/** GET /api/config/retired-app?clientId&localeId: a retired client's name and its replacement. */
export const retiredAppQuery = z.object({ clientId: clientIdSchema, localeId: z.optional(localeIdSchema) });
export const retiredAppReply = okReply(
  z.object({
    appName: z.string(),
    /** False for a client in service (the page then has nothing to show and says so). */
    retired: z.boolean(),
    replacementName: z.optional(z.string()),
    /** Where to get the replacement (app store page) and a download link to copy to another device. */
    appStoreUrl: z.optional(urlSchema),
    downloadUrl: z.optional(urlSchema),
    /** When it was retired (ISO 8601 date). */
    retiredOn: z.optional(z.string()),
  }),
);
export type RetiredApp = z.infer<typeof retiredAppReply>['data'];

/** GET /api/terms's query: the account is the browser's session named by sessionId, else its most recent. */
export const termsQuery = z.object({
  clientId: clientIdSchema,
  localeId: z.optional(localeIdSchema),
  sessionId: z.optional(z.string().check(z.maxLength(64))),
});
