import * as z from 'zod/mini';
import { intSchema, okReply } from './envelope.ts';

export const brandIdSchema = z.string().check(z.regex(/^\d{1,6}$/, 'brandId must be digits'));
export const clientIdSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(128), z.regex(/^[\w.-]+$/, 'clientId has invalid characters'));
export const localeIdSchema = z
  .string()
  .check(z.regex(/^[a-z]{2,3}(_[A-Z0-9]{2,3})?$/, 'localeId must look like en_US'));
const booleanText = z.enum(['true', 'false']);

/** GET /api/config/parameters */
export const parametersQuery = z.object({
  brandId: z.optional(brandIdSchema),
  clientId: clientIdSchema,
  urlBrandIdFirst: z.optional(booleanText),
  localeId: z.optional(localeIdSchema),
});
export const brandConfigSchema = z.object({
  brandId: brandIdSchema,
  ubrandId: z.string(),
  thirdPartySSOEnabled: z.boolean(),
  appleLoginEnabled: z.boolean(),
  ssoEnabled: z.boolean(),
  enforceSSOOnly: z.boolean(),
  iovationEnabled: z.boolean(),
  /** The device-fingerprint loader script, when iovation is enabled (same origin: the CSP admits no other). */
  iovationScriptUrl: z.optional(z.string().check(z.maxLength(2048))),
  signupUrl: z.optional(z.string()),
  brandCountryCode: z.string(),
  brandCountryIsoCode: z.string(),
  brandCountryId: intSchema,
  assetId: z.string(),
  assetServiceLink: z.string(),
  platformSession: z.boolean(),
  /** Ours: the brand offers passkeys (docs/passkeys.md); false from a server that does not know them. */
  passkeys: z._default(z.boolean(), false),
  /** Spec §7: "response data gets the locale id attached". */
  localeId: localeIdSchema,
});
export type BrandConfig = z.infer<typeof brandConfigSchema>;
export const parametersReply = okReply(brandConfigSchema);

/** GET /api/config/locales */
export const localesQuery = z.object({ brandId: z.optional(brandIdSchema), clientId: clientIdSchema });
export const localeInfoSchema = z.object({
  localeCode: localeIdSchema,
  localeName: z.string(),
  titleName: z.string(),
});
export type LocaleInfo = z.infer<typeof localeInfoSchema>;
export const localesReply = okReply(
  z.object({
    localeCode: localeIdSchema,
    supportedLocaleCodes: z.array(localeIdSchema).check(z.minLength(1)),
    locales: z.array(localeInfoSchema),
  }),
);
export type LocalesData = z.infer<typeof localesReply>['data'];

/** GET /api/config/country */
export const countryQuery = z.object({
  brandId: z.optional(brandIdSchema),
  loginAllowed: z.optional(booleanText),
  clientId: clientIdSchema,
});

/** GET /api/config/app-permissions: what the consent page shows. */
export const appPermissionsQuery = z.object({
  clientId: clientIdSchema,
  localeId: z.optional(localeIdSchema),
});

/** GET /api/detect-conn */
export const detectConnQuery = z.object({
  ac: z.string().check(z.regex(/^\d+$/)),
  p: z.optional(z.string()),
  clientId: clientIdSchema,
});
