import { assetIdSchema } from '../api/contract/brand-assets.ts';
import type { BrandConfig } from '../api/contract/config.ts';
import type { PhoneNumberRecord } from '../api/contract/number.ts';
import { isSafeUrl } from '../api/url.ts';
import type { BrandLinks } from './tokens.ts';

/** What the brand asset files and the number service add to a brand's token file (spec §3, §7). */
export interface BrandDetails {
  displayName?: string;
  shortDisplayName?: string;
  launchYear?: number;
  /** The support number in E.164 (for tel: links)… */
  supportPhone?: string;
  /** …and as the brand shows it (spec §9). */
  supportPhoneText?: string;
  links: BrandLinks;
  helpUrl?: string;
}

/** The asset folder for a brand config, or undefined when its link or id could leave the asset service. */
export function assetFolderOf(config: Pick<BrandConfig, 'assetServiceLink' | 'assetId'>): string | undefined {
  const link = config.assetServiceLink.replace(/\/+$/, '');
  if (!assetIdSchema.safeParse(config.assetId).success) return undefined;
  const sameOriginPath = link.startsWith('/') && !link.startsWith('//');
  if (!sameOriginPath && !(isSafeUrl(link) && link.startsWith('https://'))) return undefined;
  return `${link}/${config.assetId}`;
}

/** en_US → en-US: asset files are named in BCP 47, the API speaks en_US. */
export const assetLocaleOf = (localeId: string) => localeId.replace('_', '-');

/**
 * Spec §9: brand 7310 shows +1 numbers as dash-separated groups; every brand shows a number of its own
 * country in national form and any other in international form.
 */
export function displaySupportNumber(
  record: PhoneNumberRecord,
  brandId: string,
  brandCountryIsoCode: string,
): string {
  const { formattedNational, formattedInternational } = record;
  if (!record.parsed || formattedNational === undefined || formattedInternational === undefined)
    return record.originalString;
  if (brandId === '7310' && record.countryCallingCode === '1') {
    const national = formattedNational.replace(/\D/g, '');
    return `1-${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`;
  }
  return record.countryIsoCode === brandCountryIsoCode ? formattedNational : formattedInternational;
}
