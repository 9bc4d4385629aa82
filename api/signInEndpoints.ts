import type { ApiClient } from './client.ts';
import { loginInfoReply, loginReply, sessionDataReply } from './contract/auth.ts';
import type { GenerateCodeBody } from './contract/authorisation.ts';
import { type LogoutBody, logoutReply } from './contract/session.ts';
import {
  appPermissionsReply,
  countryReply,
  detectConnReply,
  generateCodeReply,
  ssoAvailabilityReply,
  verifyRedirectUriReply,
} from './contract/signInReplies.ts';

/**
 * The endpoints of spec §7 called once the first screen is up: credential check, sign-in, consent,
 * code request, connection checks and sign-out. A chunk of its own with the contract schemas only it
 * uses (machines/signInCalls.ts loads it); start-up's calls are api/endpoints.ts.
 */
export function createSignInEndpoints(api: ApiClient) {
  return {
    getCountries: (query: { brandId?: string | undefined; loginAllowed?: 'true' | 'false' }) =>
      api.get('/api/config/country', query, countryReply).then((r) => r.data.records),
    getAppPermissions: (query: { localeId?: string | undefined }) =>
      api.get('/api/config/app-permissions', query, appPermissionsReply).then((r) => r.data),
    getSessionData: () => api.get('/api/session-data', {}, sessionDataReply).then((r) => r.data),
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
  };
}

export type SignInEndpoints = ReturnType<typeof createSignInEndpoints>;
