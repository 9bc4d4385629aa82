import { eq } from 'drizzle-orm';
import { backendCode } from '../../api/contract/backendCodes.ts';
import type { BrandConfig, LocalesData } from '../../api/contract/config.ts';
import { isPseudoLocale, PSEUDO_LOCALES } from '../../api/contract/locales.ts';
import { localeInfo } from '../../i18n/locales.ts';
import type { Database } from '../db/client.ts';
import { brands } from '../db/schema.ts';
import { COUNTRIES, DEFAULT_BRAND_ID } from '../db/seed-data.ts';
import { FINGERPRINT_LOADER_PATH } from '../fingerprint/fingerprint.handlers.ts';
import { ApiFailure } from '../http/errors.ts';

export type Brand = typeof brands.$inferSelect;

/**
 * Brands change only when the seed runs (at boot), yet every page load asks for one: keep each for a
 * short while per database instead of querying on every request.
 */
const BRAND_CACHE_MS = 30_000;
const brandCaches = new WeakMap<Database, Map<string, { brand: Brand; expires: number }>>();

/** The brand asked for, or the default brand when none is; an unknown id is BRAND_NOT_FOUND. */
export async function findBrand(db: Database, brandId: string | undefined): Promise<Brand> {
  const id = brandId ?? DEFAULT_BRAND_ID;
  let cache = brandCaches.get(db);
  if (!cache) {
    cache = new Map();
    brandCaches.set(db, cache);
  }
  const cached = cache.get(id);
  if (cached && cached.expires > Date.now()) return cached.brand;
  const [brand] = await db.select().from(brands).where(eq(brands.id, id)).limit(1);
  if (!brand) throw new ApiFailure(404, backendCode.brandNotFound, 'Brand not found');
  cache.set(id, { brand, expires: Date.now() + BRAND_CACHE_MS });
  return brand;
}

/** A locale the brand supports (or a pseudo-locale, served when asked for), else the brand's default. */
export function brandLocale(brand: Brand, localeId: string | undefined): string {
  if (localeId === undefined) return brand.defaultLocale;
  return isPseudoLocale(localeId) || brand.locales.some((locale) => locale.localeCode === localeId)
    ? localeId
    : brand.defaultLocale;
}

/** `passkeys`: whether the brand offers them (server/passkeys/passkey-brands.ts, a table of their own). */
export function brandConfig(brand: Brand, localeId: string | undefined, passkeys: boolean): BrandConfig {
  return {
    brandId: brand.id,
    ubrandId: brand.ubrandId,
    thirdPartySSOEnabled: brand.thirdPartySsoEnabled,
    appleLoginEnabled: brand.appleLoginEnabled,
    ssoEnabled: brand.ssoEnabled,
    enforceSSOOnly: brand.enforceSsoOnly,
    iovationEnabled: brand.iovationEnabled,
    ...(brand.iovationEnabled ? { iovationScriptUrl: FINGERPRINT_LOADER_PATH } : {}),
    ...(brand.signupUrl ? { signupUrl: brand.signupUrl } : {}),
    brandCountryCode: brand.callingCode,
    brandCountryIsoCode: brand.countryIsoCode,
    brandCountryId: brand.countryId,
    assetId: brand.assetId,
    assetServiceLink: brand.assetServiceLink,
    platformSession: brand.platformSession,
    passkeys,
    localeId: brandLocale(brand, localeId),
  };
}

/**
 * GET /api/config/locales: the brand's locales, named by Intl.DisplayNames (i18n/locales.ts). The pseudo
 * locales are listed on the default brand outside production (a tester finds them in the selector); any
 * brand serves them when the address names them.
 */
export function brandLocales(brand: Brand, listPseudoLocales: boolean): LocalesData {
  const codes = brand.locales.map((locale) => locale.localeCode);
  const listed = listPseudoLocales && brand.isDefault ? [...codes, ...PSEUDO_LOCALES] : codes;
  return { localeCode: brand.defaultLocale, supportedLocaleCodes: listed, locales: listed.map(localeInfo) };
}

export function countries(loginAllowed: 'true' | 'false' | undefined) {
  if (loginAllowed === undefined) return COUNTRIES;
  return COUNTRIES.filter((country) => country.loginAllowed === (loginAllowed === 'true'));
}
