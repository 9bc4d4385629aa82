import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

export type LocaleRecord = { localeCode: string; localeName: string; titleName: string };

/** White-label brands and the brand-config fields of api/contract/config.ts. */
export const brands = pgTable('brands', {
  id: text('id').primaryKey(),
  ubrandId: text('ubrand_id').notNull(),
  name: text('name').notNull(),
  countryId: integer('country_id').notNull(),
  countryIsoCode: text('country_iso_code').notNull(),
  callingCode: text('calling_code').notNull(),
  assetId: text('asset_id').notNull(),
  assetServiceLink: text('asset_service_link').notNull(),
  signupUrl: text('signup_url'),
  platformSession: boolean('platform_session').notNull().default(false),
  ssoEnabled: boolean('sso_enabled').notNull().default(false),
  thirdPartySsoEnabled: boolean('third_party_sso_enabled').notNull().default(false),
  appleLoginEnabled: boolean('apple_login_enabled').notNull().default(false),
  enforceSsoOnly: boolean('enforce_sso_only').notNull().default(false),
  iovationEnabled: boolean('iovation_enabled').notNull().default(false),
  isDefault: boolean('is_default').notNull().default(false),
  defaultLocale: text('default_locale').notNull(),
  /** Ordered: the language selector lists them in this order. */
  locales: jsonb('locales').$type<LocaleRecord[]>().notNull(),
  // What the brand asset files (GET /brand-assets/...) are generated from.
  shortName: text('short_name').notNull(),
  companyName: text('company_name').notNull(),
  launchYear: integer('launch_year').notNull(),
  /** Every page link of the brand assets is a path under this origin. */
  websiteUrl: text('website_url').notNull(),
  supportEmail: text('support_email').notNull(),
  /** E.164. */
  supportNumber: text('support_number').notNull(),
  /** What the seed last wrote (server/db/seed-rows.ts): a row whose values differ was changed by a person. */
  seedDigest: text('seed_digest'),
});
