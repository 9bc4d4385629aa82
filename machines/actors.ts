import { fromPromise } from 'xstate';
import type { BrandConfig } from '../api/contract/config.ts';
import { clientIdSchema } from '../api/contract/config.ts';
import { REAL_LOCALES } from '../api/contract/locales.ts';
import { startupParamsSchema } from '../api/contract/startup.ts';
import { createEndpoints, type Endpoints } from '../api/endpoints.ts';
import { assetFolderOf, assetLocaleOf, type BrandDetails, displaySupportNumber } from '../brand/details.ts';
import { loadBrandTokens } from '../brand/registry.ts';
import { type LocaleRequest, pageLocale } from '../i18n/locales.ts';
import { apiClientFor } from './apiClients.ts';
import { withErrorMessages } from './errors.ts';
import { loadOnce } from './loadOnce.ts';

/** The SPA's own client id, used when the address names no valid partner client (error pages). */
export const FIRST_PARTY_CLIENT_ID = 'foyer-web';

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

/** A brand's config and locales, then its asset files' details and its tokens (start-up, or the account's brand). */
async function loadBrandFor(clientId: string, brandId: string | undefined, request: LocaleRequest) {
  const api = endpointsFor(clientId);
  // In parallel, so the first screen waits for one round trip: the config is asked with the locale the
  // page would choose among all the product's, and the asset files with the brand's own choice.
  const [brandConfig, locales] = await Promise.all([
    api.getParameters({ brandId, localeId: pageLocale({ ...request, offered: REAL_LOCALES }) }),
    api.getLocales({ brandId }),
  ]);
  const localeId = pageLocale({ ...request, offered: locales.supportedLocaleCodes });
  const [brandDetails] = await Promise.all([
    loadBrandDetails(api, brandConfig, localeId),
    ensureBrandTokens(brandConfig.brandId),
  ]);
  return { brandConfig, brandDetails, locales };
}

/** Parses the address (spec §2) and loads what every screen needs: brand config and locales. */
export const loadStartup = fromPromise(
  async ({ input }: { input: { search: string; localeRequest: LocaleRequest } }) => {
    const query = Object.fromEntries(new URLSearchParams(input.search));
    const parsed = startupParamsSchema.safeParse(query);
    const clientId = parsed.success
      ? parsed.data.clientId
      : (clientIdSchema.safeParse(query.clientId).data ?? FIRST_PARTY_CLIENT_ID);
    const brandId = parsed.success ? parsed.data.brandId : undefined;
    const brand = await loadBrandFor(clientId, brandId, input.localeRequest);
    const paramsIssue = parsed.success
      ? undefined
      : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'query'}: ${issue.message}`).join('; ');
    return { clientId, params: parsed.success ? parsed.data : undefined, paramsIssue, ...brand };
  },
);

export const loadBrand = fromPromise(
  ({ input }: { input: { clientId: string; brandId: string; localeRequest: LocaleRequest } }) =>
    withErrorMessages(() => loadBrandFor(input.clientId, input.brandId, input.localeRequest)),
);

/** The accounts signed in in this browser (GET /api/sessions), for start-up and the account picker. */
export const listSessions = fromPromise(({ input }: { input: { clientId: string } }) =>
  endpointsFor(input.clientId).listSessions(),
);

const signInCalls = loadOnce(() => import('./signInCalls.ts'));
type SignInCalls = typeof import('./signInCalls.ts');

/** Fetches the calls made after the first screen; the idle prefetch calls it too (lazyScreens.ts). */
export const preloadSignInCalls = () => signInCalls.load().then(() => undefined);

/**
 * An actor whose call lives in machines/signInCalls.ts, a chunk the first screen does not load. A
 * failed chunk load rejects like a failed call (a network error, toApiError), so the machine handles
 * it the same way.
 */
function lazyCall<K extends keyof SignInCalls>(name: K) {
  type Input = Parameters<SignInCalls[K]>[0];
  type Output = Awaited<ReturnType<SignInCalls[K]>>;
  // TypeScript cannot match a generic `SignInCalls[K]` to its own Parameters and ReturnType: the cast says so.
  return fromPromise<Output, Input>(({ input }) =>
    signInCalls
      .load()
      .then((calls) => (calls[name] as unknown as (input: Input) => PromiseLike<Output>)(input)),
  );
}

export const lookupLoginInfo = lazyCall('lookupLoginInfo');
export const verifyPassword = lazyCall('verifyPassword');
export const loadAppPermissions = lazyCall('loadAppPermissions');
export const requestCode = lazyCall('requestCode');
export const checkConnection = lazyCall('checkConnection');
export const verifyRedirectUri = lazyCall('verifyRedirectUri');
export const signOut = lazyCall('signOut');
export const checkSsoAvailability = lazyCall('checkSsoAvailability');
export const collectFingerprint = lazyCall('collectFingerprint');
