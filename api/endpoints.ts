import type { ApiClient } from './client.ts';
import {
  appPermissionsReply,
  brandAssetBaseSchema,
  brandAssetLocaleSchema,
  countryReply,
  detectConnReply,
  type GenerateCodeBody,
  generateCodeReply,
  type LogoutBody,
  localesReply,
  loginInfoReply,
  loginReply,
  logoutReply,
  type NumberParseBody,
  numberParseReply,
  parametersReply,
  sessionDataReply,
  sessionsReply,
  ssoAvailabilityReply,
  verifyRedirectUriReply,
} from './contract/index.ts';

/** One function per endpoint of spec §7 used so far; each reply parsed by its contract schema. */
export function createEndpoints(api: ApiClient) {
  return {
    getParameters: (query: { brandId?: string | undefined; localeId?: string | undefined }) =>
      api
        .get('/api/config/parameters', { ...query, urlBrandIdFirst: 'true' }, parametersReply)
        .then((r) => r.data),
    getLocales: (query: { brandId?: string | undefined }) =>
      api.get('/api/config/locales', query, localesReply).then((r) => r.data),
    getCountries: (query: { brandId?: string | undefined; loginAllowed?: 'true' | 'false' }) =>
      api.get('/api/config/country', query, countryReply).then((r) => r.data.records),
    getAppPermissions: (query: { localeId?: string | undefined }) =>
      api.get('/api/config/app-permissions', query, appPermissionsReply).then((r) => r.data),
    getSessionData: () => api.get('/api/session-data', {}, sessionDataReply).then((r) => r.data),
    listSessions: () => api.get('/api/sessions', {}, sessionsReply).then((r) => r.data.accounts),
    logout: (body: Omit<LogoutBody, 'clientId'>) =>
      api.post('/api/logout', body, logoutReply).then((r) => r.data.accounts),
    detectConnection: () =>
      api.get('/api/detect-conn', { ac: String(Date.now()) }, detectConnReply).then((r) => r.data),
    lookupLoginInfo: (body: {
      brandId?: string | undefined;
      username: string;
      extension?: string | undefined;
      f?: string;
    }) => api.post('/api/login-info', body, loginInfoReply).then((r) => r.data),
    login: (body: {
      brandId?: string | undefined;
      username: string;
      extension?: string | undefined;
      password: string;
      rememberMe: boolean;
    }) => api.post('/api/login', body, loginReply).then((r) => r.data),
    ssoAvailability: (query: { email: string }) =>
      api.get('/api/sso/availability', query, ssoAvailabilityReply).then((r) => r.data.ssoAvailable),
    verifyRedirectUri: (body: { appUrlScheme: string }) =>
      api.post('/api/verifyRedirectURI', body, verifyRedirectUriReply).then((r) => r.data),
    generateCode: (body: Omit<GenerateCodeBody, 'clientId'>) =>
      api.post('/api/post-authn/generate-code', body, generateCodeReply).then((r) => r.data),
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
