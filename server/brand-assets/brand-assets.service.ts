import { eq } from 'drizzle-orm';
import type { BrandAssetBase, BrandAssetLocale } from '../../api/contract/brand-assets.ts';
import { DEFAULT_LOCALE, isPseudoLocale } from '../../api/contract/locales.ts';
import type { Brand } from '../config/config.service.ts';
import type { Database } from '../db/client.ts';
import { brands } from '../db/schema.ts';

/** The brand whose assets an asset id names. */
export async function findBrandByAssetId(db: Database, assetId: string): Promise<Brand | undefined> {
  const [brand] = await db.select().from(brands).where(eq(brands.assetId, assetId)).limit(1);
  return brand;
}

export function baseAsset(brand: Brand): BrandAssetBase {
  return {
    assetId: brand.assetId,
    brandId: brand.id,
    launchYear: brand.launchYear,
    customerSupportNumber: brand.supportNumber,
    supportEmailAddress: brand.supportEmail,
  };
}

/**
 * The locale file for a locale the brand supports (en-US ⇄ the API's en_US), for en-US (the fallback
 * spec §7 names, so every brand has it) and for the pseudo locales (any page can be shown in them);
 * else undefined, so the route answers 404 and the SPA falls back to en-US. Every page is a path on the
 * brand's website.
 */
export function localeAsset(brand: Brand, locale: string): BrandAssetLocale | undefined {
  const localeId = locale.replace('-', '_');
  const supported =
    localeId === DEFAULT_LOCALE ||
    isPseudoLocale(localeId) ||
    brand.locales.some((record) => record.localeCode === localeId);
  if (!supported) return undefined;
  const page = (path: string) => `${brand.websiteUrl}/${locale}/${path}`;
  return {
    locale,
    displayName: brand.name,
    shortDisplayName: brand.shortName,
    copyright: brand.companyName,
    notificationTradeMark: sentence(
      `${brand.name} and the ${brand.shortName} logo are trademarks of ${brand.companyName}`,
    ),
    legalInfoPage: page('legal'),
    privacyPolicyPage: page('privacy'),
    termsOfServicePage: page('terms'),
    feedbackPage: page('feedback'),
    callSupportPage: page('support/call'),
    rcSupportRootPage: page('support'),
  };
}

const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);
