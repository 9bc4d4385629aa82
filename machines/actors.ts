import { fromPromise } from 'xstate';
import { type ApiClient, createApiClient } from '../api/client.ts';
import type { BrandConfig } from '../api/contract/config.ts';
import { clientIdSchema } from '../api/contract/config.ts';
import { DEFAULT_LOCALE, type StartupParams, startupParamsSchema } from '../api/contract/startup.ts';
import type { Credential } from '../api/credential.ts';
import { createEndpoints, type Endpoints } from '../api/endpoints.ts';
import { toApiError } from '../api/errors.ts';
import { assetFolderOf, assetLocaleOf, type BrandDetails, displaySupportNumber } from '../brand/details.ts';
import { loadBrandTokens } from '../brand/registry.ts';
import { withErrorMessages } from './errors.ts';

/** The SPA's own client id, used when the address names no valid partner client (error pages). */
export const FIRST_PARTY_CLIENT_ID = 'foyer-web';

const clients = new Map<string, ApiClient>();
/** The one API client per client id; lazily loaded flows build their endpoints on it too. */
export function apiClientFor(clientId: string): ApiClient {
  let client = clients.get(clientId);
  if (!client) {
    client = createApiClient({ clientId });
    clients.set(clientId, client);
  }
  return client;
}

const endpointsByClient = new Map<string, Endpoints>();
export function endpointsFor(clientId: string): Endpoints {
  let endpoints = endpointsByClient.get(clientId);
  if (!endpoints) {
    endpoints = createEndpoints(apiClientFor(clientId));
    endpointsByClient.set(clientId, endpoints);
  }
  return endpoints;
}

/**
 * Loads the brand's tokens before the machine shows it, so getBrand holds them at first render. A
 * failed chunk load must not stop sign-in (spec §2): the brand keeps the default look.
 */
async function ensureBrandTokens(brandId: string): Promise<void> {
  try {
    await loadBrandTokens(brandId);
  } catch (error) {
    console.warn(`brand ${brandId}: tokens failed to load, using the default look`, error);
  }
}

/**
 * Spec §7: the brand asset files (the locale's, falling back to en-US) and the support number as the
 * number service formats it. They refine the token file's names and links; when they cannot be had,
 * the token file's own values stand, so a failure here never stops sign-in.
 */
async function loadBrandDetails(
  api: Endpoints,
  config: BrandConfig,
  localeId: string,
): Promise<BrandDetails | undefined> {
  const folder = assetFolderOf(config);
  if (!folder) return undefined;
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

const usernameOf = (credential: Credential) =>
  credential.kind === 'email'
    ? { username: credential.loginEmail }
    : { username: credential.normalizedPhoneNumber, extension: credential.extension || undefined };

/** Parses the address (spec §2) and loads what every screen needs: brand config and locales. */
export const loadStartup = fromPromise(async ({ input }: { input: { search: string } }) => {
  const query = Object.fromEntries(new URLSearchParams(input.search));
  const parsed = startupParamsSchema.safeParse(query);
  const clientId = parsed.success
    ? parsed.data.clientId
    : (clientIdSchema.safeParse(query.clientId).data ?? FIRST_PARTY_CLIENT_ID);
  const brandId = parsed.success ? parsed.data.brandId : undefined;
  const localeId = parsed.success ? parsed.data.localeId : DEFAULT_LOCALE;
  const api = endpointsFor(clientId);
  const [brandConfig, locales] = await Promise.all([
    api.getParameters({ brandId, localeId }),
    api.getLocales({ brandId }),
  ]);
  const [brandDetails] = await Promise.all([
    loadBrandDetails(api, brandConfig, localeId),
    ensureBrandTokens(brandConfig.brandId),
  ]);
  const paramsIssue = parsed.success
    ? undefined
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'query'}: ${issue.message}`).join('; ');
  return {
    clientId,
    params: parsed.success ? parsed.data : undefined,
    paramsIssue,
    brandConfig,
    brandDetails,
    locales,
  };
});

export const loadBrand = fromPromise(
  ({ input }: { input: { clientId: string; brandId: string; localeId: string } }) =>
    withErrorMessages(async () => {
      const api = endpointsFor(input.clientId);
      const [brandConfig, locales] = await Promise.all([
        api.getParameters({ brandId: input.brandId, localeId: input.localeId }),
        api.getLocales({ brandId: input.brandId }),
      ]);
      const [brandDetails] = await Promise.all([
        loadBrandDetails(api, brandConfig, input.localeId),
        ensureBrandTokens(brandConfig.brandId),
      ]);
      return { brandConfig, brandDetails, locales };
    }),
);

export const lookupLoginInfo = fromPromise(
  ({
    input,
  }: {
    input: { clientId: string; brandId: string; credential: Credential; fraudToken?: string | undefined };
  }) =>
    withErrorMessages(() =>
      endpointsFor(input.clientId).lookupLoginInfo({
        brandId: input.brandId,
        ...(input.fraudToken ? { f: input.fraudToken } : {}),
        ...usernameOf(input.credential),
      }),
    ),
);

export const verifyPassword = fromPromise(
  ({
    input,
  }: {
    input: {
      clientId: string;
      brandId: string;
      credential: Credential;
      password: string;
      rememberMe: boolean;
    };
  }) =>
    withErrorMessages(() =>
      endpointsFor(input.clientId).login({
        brandId: input.brandId,
        ...usernameOf(input.credential),
        password: input.password,
        rememberMe: input.rememberMe,
      }),
    ),
);

export const loadAppPermissions = fromPromise(
  ({ input }: { input: { clientId: string; localeId: string } }) =>
    endpointsFor(input.clientId).getAppPermissions({ localeId: input.localeId }),
);

export const requestCode = fromPromise(
  ({
    input,
  }: {
    input: { params: StartupParams; localeId: string; sessionId?: string | undefined; consentGiven: boolean };
  }) => {
    const { params } = input;
    return endpointsFor(params.clientId).generateCode({
      appUrlScheme: params.appUrlScheme ?? '',
      localeId: input.localeId,
      state: params.state,
      responseType: params.responseType,
      responseHint: params.response_hint,
      scope: params.scope,
      rdr: params.rdr,
      appParams: params.appParams,
      entryLocation: params.entryLocation,
      appName: params.appName,
      discovery: params.discovery,
      queryString: typeof location === 'undefined' ? undefined : location.search.slice(1),
      codeChallenge: params.codeChallenge,
      codeChallengeMethod: params.codeChallengeMethod,
      sessionId: input.sessionId,
      consentGiven: input.consentGiven,
    });
  },
);

/**
 * Spec §4 reject: check the network first; with a platform session the session-data call is the
 * check (spec §7). Any answer from the server proves the network, so only a network failure fails.
 */
export const checkConnection = fromPromise(
  async ({ input }: { input: { clientId: string; platformSession: boolean } }) => {
    const api = endpointsFor(input.clientId);
    try {
      await (input.platformSession ? api.getSessionData() : api.detectConnection());
    } catch (error) {
      if (toApiError(error).code === 'UI_ERROR_NETWORK') throw error;
    }
    return { online: true as const };
  },
);

export const verifyRedirectUri = fromPromise(
  ({ input }: { input: { clientId: string; appUrlScheme: string } }) =>
    endpointsFor(input.clientId).verifyRedirectUri({ appUrlScheme: input.appUrlScheme }),
);

/** The accounts signed in in this browser (GET /api/sessions), for start-up and the account picker. */
export const listSessions = fromPromise(({ input }: { input: { clientId: string } }) =>
  endpointsFor(input.clientId).listSessions(),
);

/**
 * Signs out of one account (its public session id) or, without one, of every account here; with
 * `everywhere`, also in every other browser, revoking the tokens apps hold for them.
 */
export const signOut = fromPromise(
  ({ input }: { input: { clientId: string; sessionId?: string | undefined; everywhere?: boolean } }) =>
    endpointsFor(input.clientId).logout({
      ...(input.sessionId ? { sessionId: input.sessionId } : {}),
      everywhere: input.everywhere === true,
    }),
);
