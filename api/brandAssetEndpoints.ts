import type { ApiClient } from './client.ts';
import { brandAssetBaseSchema, brandAssetLocaleSchema } from './contract/brand-assets.ts';
import { type NumberParseBody, numberParseReply } from './contract/number.ts';

/**
 * The brand asset files and the number service (spec §7): what refines a brand's token file once its
 * first screen shows. Called from machines/brandDetails.ts, in the chunk of the calls made after the
 * first screen with their contract schemas, so the first screen carries none of them.
 */
export function createBrandAssetEndpoints(api: ApiClient) {
  return {
    parseNumbers: (body: Omit<NumberParseBody, 'clientId'>) =>
      api.post('/api/number/parse', body, numberParseReply).then((r) => r.data.phoneNumbers),
    /** Spec §7: {assetServiceLink}/{assetId}/base.json; the folder is checked by brand/details.ts. */
    getBrandAssetBase: (folder: string) => api.get(`${folder}/base.json`, {}, brandAssetBaseSchema),
    /** …/{locale}.json, with the locale in BCP 47 form (en-US). */
    getBrandAssetLocale: (folder: string, locale: string) =>
      api.get(`${folder}/${locale}.json`, {}, brandAssetLocaleSchema),
  };
}
