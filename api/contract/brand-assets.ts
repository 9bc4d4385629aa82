import * as z from 'zod/mini';
import { brandIdSchema } from './config.ts';
import { intSchema, urlSchema } from './envelope.ts';

// Brand asset files (spec §3, §7): {assetServiceLink}/{assetId}/base.json and /{locale}.json. The SPA
// loads both and lets the locale file win; a missing locale file means "use en-US".

/** Letters and digits only, so an asset id can never name a path outside its folder. */
export const assetIdSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9]{1,32}$/, 'assetId must be letters and digits'));
/** The file name's locale: BCP 47 with a hyphen (en-US, es-419), not the API's en_US. */
export const assetLocaleSchema = z
  .string()
  .check(z.regex(/^[a-z]{2,3}(-[A-Z0-9]{2,3})?$/, 'locale must look like en-US or ru'));

/** base.json: what does not depend on the language. */
export const brandAssetBaseSchema = z.object({
  assetId: assetIdSchema,
  brandId: brandIdSchema,
  /** The copyright range runs from here to the current year. */
  launchYear: intSchema,
  /** E.164; the SPA formats it through POST /api/number/parse. */
  customerSupportNumber: z.string(),
  supportEmailAddress: z.string(),
});
export type BrandAssetBase = z.infer<typeof brandAssetBaseSchema>;

/** {locale}.json: names, legal lines and page links in one language. */
export const brandAssetLocaleSchema = z.object({
  locale: assetLocaleSchema,
  displayName: z.string(),
  shortDisplayName: z.string(),
  /** The rights holder; the SPA shows "© {launchYear}–{current year} {copyright}". */
  copyright: z.string(),
  notificationTradeMark: z.string(),
  legalInfoPage: urlSchema,
  privacyPolicyPage: urlSchema,
  termsOfServicePage: urlSchema,
  feedbackPage: urlSchema,
  callSupportPage: urlSchema,
  rcSupportRootPage: urlSchema,
});
export type BrandAssetLocale = z.infer<typeof brandAssetLocaleSchema>;
