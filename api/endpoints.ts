import type { ApiClient } from './client.ts';
import { localesReply, parametersReply } from './contract/config.ts';
import { sessionsReply } from './contract/session.ts';

/**
 * The endpoints of spec §7 that start-up calls before the first screen shows, each reply parsed by its
 * contract schema. The calls made after it (api/signInEndpoints.ts, api/brandAssetEndpoints.ts) load
 * with the calls' chunk: the contract files are imported one by one (not through contract/index.ts),
 * so the first screen carries only these schemas.
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
  };
}

export type Endpoints = ReturnType<typeof createEndpoints>;
