import type { StartupParams } from '../api/contract/startup.ts';
import type { Credential } from '../api/credential.ts';
import { toApiError } from '../api/errors.ts';
import { createSignInEndpoints, type SignInEndpoints } from '../api/signInEndpoints.ts';
import { apiClientFor } from './apiClients.ts';
import { withErrorMessages } from './errors.ts';
import { describeNumber } from './numberDisplay.ts';

export { loadBrandDetails } from './brandDetails.ts';
export { collectFingerprint } from './fingerprintValue.ts';
export { leaveForIdentityProvider, watchIdentityPopup } from './identityProvider.ts';
export { showLocaleOutside } from './localeChange.ts';

/**
 * What the machine's actors call once the first screen is up (spec §4, §7), the brand's asset files
 * included: a chunk of its own with its endpoints and their contract schemas. The actors stay named
 * in setup() (machines/actors.ts, `lazyCall`), so tests still `.provide()` stand-ins; this module is
 * fetched when the first of them runs, or by the idle prefetch after the first screen shows.
 */

const endpointsByClient = new Map<string, SignInEndpoints>();
function endpointsFor(clientId: string): SignInEndpoints {
  let endpoints = endpointsByClient.get(clientId);
  if (!endpoints) {
    endpoints = createSignInEndpoints(apiClientFor(clientId));
    endpointsByClient.set(clientId, endpoints);
  }
  return endpoints;
}

const usernameOf = (credential: Credential) =>
  credential.kind === 'email'
    ? { username: credential.loginEmail }
    : { username: credential.normalizedPhoneNumber, extension: credential.extension || undefined };

export const lookupLoginInfo = (input: {
  clientId: string;
  brandId: string;
  credential: Credential;
  fraudToken?: string | undefined;
}) => {
  // The password page shows a number as its country writes it: asked beside login-info, it is there
  // when the page shows.
  if (input.credential.kind === 'number') void describeNumber(input.clientId, input.credential.loginId);
  return withErrorMessages(() =>
    endpointsFor(input.clientId).lookupLoginInfo({
      brandId: input.brandId,
      ...(input.fraudToken ? { f: input.fraudToken } : {}),
      ...usernameOf(input.credential),
    }),
  );
};

export const verifyPassword = (input: {
  clientId: string;
  brandId: string;
  credential: Credential;
  password: string;
  rememberMe: boolean;
}) =>
  withErrorMessages(() =>
    endpointsFor(input.clientId).login({
      brandId: input.brandId,
      ...usernameOf(input.credential),
      password: input.password,
      rememberMe: input.rememberMe,
    }),
  );

export const loadAppPermissions = (input: { clientId: string; localeId: string }) =>
  endpointsFor(input.clientId).getAppPermissions({ localeId: input.localeId });

export const requestCode = (input: {
  params: StartupParams;
  localeId: string;
  sessionId?: string | undefined;
  consentGiven: boolean;
  /** The emergency-address flow completed (spec §7 eaCompleted); the server checks the record again. */
  eaCompleted?: boolean | undefined;
  /** The FedRAMP notice was accepted in this sign-in (spec §3). */
  fedrampNotificationCompleted?: boolean | undefined;
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
    // OpenID Connect's nonce rides in the address beside the start-up parameters, read only here (a lazy
    // chunk), so the first screen's schema does not carry it; /oauth/authorize bounded it, and
    // generate-code's schema checks it again.
    nonce: addressParameter('nonce'),
    sessionId: input.sessionId,
    consentGiven: input.consentGiven,
    eaCompleted: input.eaCompleted === true,
    fedrampNotificationCompleted: input.fedrampNotificationCompleted === true,
  });
};

/** One parameter of the page's address, when there is a page (never in a test without a DOM). */
const addressParameter = (name: string) =>
  typeof location === 'undefined' ? undefined : (new URLSearchParams(location.search).get(name) ?? undefined);

/**
 * Spec §4 reject: check the network first; with a platform session the session-data call is the
 * check (spec §7). Any answer from the server proves the network, so only a network failure fails.
 */
export const checkConnection = async (input: { clientId: string; platformSession: boolean }) => {
  const api = endpointsFor(input.clientId);
  try {
    await (input.platformSession ? api.getSessionData() : api.detectConnection());
  } catch (error) {
    if (toApiError(error).code === 'UI_ERROR_NETWORK') throw error;
  }
  return { online: true as const };
};

export const verifyRedirectUri = (input: { clientId: string; appUrlScheme: string }) =>
  endpointsFor(input.clientId).verifyRedirectUri({ appUrlScheme: input.appUrlScheme });

/**
 * Signs out of one account (its public session id) or, without one, of every account here; with
 * `everywhere`, also in every other browser, revoking the tokens apps hold for them.
 */
export const signOut = (input: { clientId: string; sessionId?: string | undefined; everywhere?: boolean }) =>
  endpointsFor(input.clientId).logout({
    ...(input.sessionId ? { sessionId: input.sessionId } : {}),
    everywhere: input.everywhere === true,
  });

/** Spec §7 GET /api/sso/availability: whether this email signs in through single sign-on. */
export const checkSsoAvailability = (input: { clientId: string; email: string }) =>
  withErrorMessages(() => endpointsFor(input.clientId).ssoAvailability({ email: input.email }));
