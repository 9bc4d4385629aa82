import type { ApiClient } from './client.ts';
import { brandAssetBaseSchema, brandAssetLocaleSchema } from './contract/brand-assets.ts';
import { localesReply, parametersReply } from './contract/config.ts';
import { type NumberParseBody, numberParseReply } from './contract/number.ts';
import { sessionsReply } from './contract/session.ts';

/**
 * The endpoints of spec §7 that start-up calls before the first screen shows, each reply parsed by its
 * contract schema. The calls made after it are api/signInEndpoints.ts, a chunk of its own: the contract
 * files are imported one by one (not through contract/index.ts), so the first screen carries only
 * these schemas.
 */
export function createEndpoints(api: ApiClient) {
  return {
    getParameters: (query: { brandId?: string | undefined; localeId?: string | undefined }) =>
      api
        .get('/api/config/parameters', { ...query, urlBrandIdFirst: 'true' }, parametersReply)
        .then((r) => r.data),
    getLocales: (query: { brandId?: string | undefined }) =>
      api.get('/api/config/locales', query, localesReply).then((r) => r.data),
    listSessions: () => api.get('/api/sessions', {}, sessionsReply).then((r) => r.data.accounts),
    parseNumbers: (body: Omit<NumberParseBody, 'clientId'>) =>
      api.post('/api/number/parse', body, numberParseReply).then((r) => r.data.phoneNumbers),
    /** Spec §7: {assetServiceLink}/{assetId}/base.json; the folder is checked by brand/details.ts. */
    getBrandAssetBase: (folder: string) => api.get(`${folder}/base.json`, {}, brandAssetBaseSchema),
    /** …/{locale}.json, with the locale in BCP 47 form (en-US). */
    getBrandAssetLocale: (folder: string, locale: string) =>
      api.get(`${folder}/${locale}.json`, {}, brandAssetLocaleSchema),
  };
}

export type Endpoints = ReturnType<typeof createEndpoints>;
