import { createBrandAssetEndpoints } from '../api/brandAssetEndpoints.ts';
import type { BrandConfig } from '../api/contract/config.ts';
import { assetFolderOf, assetLocaleOf, type BrandDetails, displaySupportNumber } from '../brand/details.ts';
import { apiClientFor } from './apiClients.ts';

/**
 * Spec §7: the brand asset files (the locale's, falling back to en-US) and the support number as the
 * number service formats it. They refine the token file's names and links; when they cannot be had,
 * the token file's own values stand, so a failure here never stops sign-in. In the chunk of the calls
 * made after the first screen (machines/signInCalls.ts): machines/actors.ts asks for the details once
 * the first screen is drawn, and the page takes them in when they arrive (brand/withDetails.ts).
 */
export async function loadBrandDetails(
  clientId: string,
  config: BrandConfig,
  localeId: string,
): Promise<BrandDetails | undefined> {
  const folder = assetFolderOf(config);
  if (!folder) return undefined;
  const api = createBrandAssetEndpoints(apiClientFor(clientId));
  try {
    const [base, texts] = await Promise.all([
      api.getBrandAssetBase(folder),
      api
        .getBrandAssetLocale(folder, assetLocaleOf(localeId))
        .catch(() => api.getBrandAssetLocale(folder, 'en-US')),
    ]);
    const [number] = await api
      .parseNumbers({
        numbers: [base.customerSupportNumber],
        brandId: config.brandId,
        countryIsoCode: config.brandCountryIsoCode,
        nationalAsPriority: true,
      })
      .catch(() => []);
    return {
      displayName: texts.displayName,
      shortDisplayName: texts.shortDisplayName,
      launchYear: base.launchYear,
      supportPhone: base.customerSupportNumber,
      helpUrl: texts.rcSupportRootPage,
      ...(number
        ? { supportPhoneText: displaySupportNumber(number, config.brandId, config.brandCountryIsoCode) }
        : {}),
      links: {
        legal: texts.legalInfoPage,
        privacy: texts.privacyPolicyPage,
        terms: texts.termsOfServicePage,
        feedback: texts.feedbackPage,
      },
    };
  } catch (error) {
    console.warn(`brand ${config.brandId}: asset files unavailable, using the token file`, error);
    return undefined;
  }
}
