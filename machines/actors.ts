import { fromPromise } from 'xstate';
import { clientIdSchema } from '../api/contract/config.ts';
import { REAL_LOCALES } from '../api/contract/locales.ts';
import { startupParamsSchema } from '../api/contract/startup.ts';
import { createEndpoints, type Endpoints } from '../api/endpoints.ts';
import { DEFAULT_BRAND_ID, loadBrandTokens } from '../brand/registry.ts';
import { detailsArrived } from '../brand/withDetails.ts';
import { type LocaleRequest, pageLocale } from '../i18n/locales.ts';
import { apiClientFor } from './apiClients.ts';
import { withErrorMessages } from './errors.ts';
import { afterFirstScreen } from './firstScreen.ts';
import type { PopupOutcome } from './identityProvider.ts';
import { loadOnce } from './loadOnce.ts';
import type { SignInContext } from './signIn.types.ts';

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
 * Loads the brand's tokens before the machine shows it, so getBrand holds them at first render, and
 * starts fetching its logo and banner (the page's largest images, so first), so they are in the cache
 * when the page shows them instead of being asked for only then. A failed chunk load must not stop
 * sign-in (spec §2): the brand keeps the default look.
 */
async function ensureBrandTokens(brandId: string): Promise<void> {
  try {
    const { logo, banner } = await loadBrandTokens(brandId);
    for (const image of [logo, banner])
      if (image) Object.assign(new Image(), { fetchPriority: 'high', src: image.src });
  } catch (error) {
    console.warn(`brand ${brandId}: tokens failed to load, using the default look`, error);
  }
}

const signInCalls = loadOnce(() => import('./signInCalls.ts'));
type SignInCalls = typeof import('./signInCalls.ts');

/**
 * A brand's config, locales and tokens (start-up, or the account's brand). Its asset files' details
 * (machines/brandDetails.ts, in the calls' chunk) refine the token file's names and links; nothing
 * waits for them: they load once the first screen is drawn, and the page takes them in when they
 * arrive.
 */
async function loadBrandFor(clientId: string, brandId: string | undefined, request: LocaleRequest) {
  const api = endpointsFor(clientId);
  // The brand the address names (the default brand when it names none) is almost always the one the
  // config answers with, so its tokens and images load beside the config instead of after it.
  const named = brandId ?? DEFAULT_BRAND_ID;
  const namedTokens = ensureBrandTokens(named);
  // In parallel, so the first screen waits for one round trip: the config is asked with the locale the
  // page would choose among all the product's, and the asset files with the brand's own choice.
  const [brandConfig, locales] = await Promise.all([
    api.getParameters({ brandId, localeId: pageLocale({ ...request, offered: REAL_LOCALES }) }),
    api.getLocales({ brandId }),
  ]);
  const localeId = pageLocale({ ...request, offered: locales.supportedLocaleCodes });
  void afterFirstScreen
    .then(() => signInCalls.load())
    .then((calls) => calls.loadBrandDetails(clientId, brandConfig, localeId))
    .then(
      (details) => details && detailsArrived(brandConfig.brandId, details),
      () => undefined,
    );
  await (brandConfig.brandId === named ? namedTokens : ensureBrandTokens(brandConfig.brandId));
  return { brandConfig, locales };
}

type StartupInput = { search: string; localeRequest: LocaleRequest };

/** Parses the address (spec §2) and loads what every screen needs: brand config and locales. */
async function startup(input: StartupInput) {
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
}

let early: { search: string; started: ReturnType<typeof startup> } | undefined;

/**
 * Starts start-up's calls before React renders (views/main.tsx): on a slow phone the first render and
 * the machine's start take about as long as a round trip, and the calls need not wait for them.
 * `loadStartup` takes the calls over when it starts for the same address.
 */
export function startStartup(input: StartupInput): ReturnType<typeof startup> {
  const started = startup(input);
  started.catch(() => undefined); // loadStartup reports a failure
  early = { search: input.search, started };
  return started;
}

export const loadStartup = fromPromise(({ input }: { input: StartupInput }) => {
  const started = early?.search === input.search ? early.started : undefined;
  early = undefined;
  return started ?? startup(input);
});

export const loadBrand = fromPromise(
  ({ input }: { input: { clientId: string; brandId: string; localeRequest: LocaleRequest } }) =>
    withErrorMessages(() => loadBrandFor(input.clientId, input.brandId, input.localeRequest)),
);

/** The accounts signed in in this browser (GET /api/sessions), for start-up and the account picker. */
export const listSessions = fromPromise(({ input }: { input: { clientId: string } }) =>
  endpointsFor(input.clientId).listSessions(),
);

/** After a locale change: the address and the brand's texts follow (machines/localeChange.ts). */
export const showLocaleOutside = (context: Parameters<SignInCalls['showLocaleOutside']>[0]) =>
  void signInCalls.load().then(
    (calls) => calls.showLocaleOutside(context),
    () => undefined,
  );

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

/**
 * Calls the calls' chunk at once when it is in (the first screen fetches it as soon as it shows), so a
 * popup opens in the click's own task as before the chunk held it; else once it has loaded.
 */
const withCalls = <T>(use: (calls: SignInCalls) => T | PromiseLike<T>): Promise<T> => {
  const calls = signInCalls.loaded();
  return calls ? Promise.resolve(use(calls)) : signInCalls.load().then(use);
};

/**
 * Spec §7: the page leaves for the chosen identity provider (machines/identityProvider.ts). A chunk that
 * does not load (a deployment replaced it, or the network is gone) must not leave the progress page
 * up for good: the page loads again, and its start-up decides anew.
 */
export const leaveForIdentityProvider = (context: SignInContext) =>
  void withCalls((calls) => calls.leaveForIdentityProvider(context)).catch(() =>
    globalThis.location.reload(),
  );

/**
 * Spec §2 external_popup (machines/identityProvider.ts). Without the chunk no popup opens: back to the
 * credential page, as when the user closes it.
 */
export const watchIdentityPopup = fromPromise<PopupOutcome, SignInContext>(({ input, signal }) =>
  withCalls((calls) => calls.watchIdentityPopup(input, signal)).catch(() => 'cancelled' as const),
);
