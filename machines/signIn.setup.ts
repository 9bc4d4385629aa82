import { type ActorRefFrom, assign, enqueueActions, type OutputFrom, raise, setup } from 'xstate';
import type { AppPermissions, BrandConfig, LocalesData } from '../api/contract/config.ts';
import type { StartupParams, UiOption } from '../api/contract/startup.ts';
import { type Credential, parseCredential } from '../api/credential.ts';
import { toApiError } from '../api/errors.ts';
import {
  checkConnection,
  loadAppPermissions,
  loadBrand,
  loadStartup,
  lookupLoginInfo,
  requestCode,
  verifyPassword,
  verifyRedirectUri,
} from './actors.ts';
import { codeRequestOutcome, credentialErrorMessages, signInFailure, type UiMessage } from './errors.ts';
import { type NavigationPair, pushNavigation } from './navigation.ts';
import { browserSessionStorage, type StoredSignIn, writeStoredSignIn } from './persistence.ts';
import {
  ACCESS_DENIED_DESCRIPTION,
  type AppRedirect,
  buildErrorRedirect,
  isOpenableRedirect,
} from './redirect.ts';
import { parseRoute, type Route, type RouteName, routeFor } from './routes.ts';

export interface Failure {
  code: string;
  rayId?: string | undefined;
}

export interface SignInContext {
  search: string;
  initialRoute: Route;
  stored: StoredSignIn;
  clientId: string;
  params: StartupParams | undefined;
  paramsIssue: string | undefined;
  brandConfig: BrandConfig | undefined;
  locales: LocalesData | undefined;
  /** The brand login-info answered with, while its config loads (spec §4 credential check). */
  loginBrandId: string | undefined;
  credentialText: string;
  credential: Credential | undefined;
  authenticated: boolean;
  app: AppPermissions | undefined;
  fieldError: UiMessage | undefined;
  /** The toast bar's message (spec §2: account locked). */
  toast: UiMessage | undefined;
  /** The offline alert is shown once per page: pending for a moment after a network failure, then shown. */
  offlineAlert: 'none' | 'pending' | 'shown' | 'dismissed';
  failure: Failure | undefined;
  appRedirect: AppRedirect | undefined;
  redirectUrl: string | undefined;
  /** The routed screen shown last: the source of the next navigation pair. */
  screen: RouteName | undefined;
  backStack: NavigationPair[];
}

export interface SignInInput {
  /** location.search at start-up. */
  search: string;
  /** location.hash at start-up: a reload resumes the screen it names when the stored state allows. */
  hash: string;
  stored: StoredSignIn;
}

export type SignInEvent =
  | { type: 'user.submitCredential'; credential: string }
  | { type: 'user.submitPassword'; password: string }
  | { type: 'user.back' }
  | { type: 'user.approve' }
  | { type: 'user.reject' }
  | { type: 'user.cancel' }
  | { type: 'user.restart' }
  | { type: 'user.chooseLocale'; localeId: string }
  | { type: 'user.dismissAlert' }
  | { type: 'route.changed'; route: Route }
  | { type: 'connection.alertDue' };

export type SignInTag =
  | 'busy'
  | 'screen.enterCredential'
  | 'screen.enterPassword'
  | 'screen.consent'
  | 'screen.error'
  | 'screen.warning'
  | 'screen.progress';

type StartupOutput = OutputFrom<typeof loadStartup>;
type BrandOutput = OutputFrom<typeof loadBrand>;
type ErrorParams = { error: unknown };

export const DEFAULT_BRAND_ID = '1210';

/** The locale in force: the requested one when the brand supports it, else the brand's own. */
export function effectiveLocale(context: Pick<SignInContext, 'params' | 'locales'>): string {
  const requested = context.params?.localeId;
  const supported = context.locales?.supportedLocaleCodes ?? [];
  if (requested && supported.includes(requested)) return requested;
  return context.locales?.localeCode ?? requested ?? 'en_US';
}

export const brandIdOf = (context: Pick<SignInContext, 'brandConfig' | 'params'>) =>
  context.brandConfig?.brandId ?? context.params?.brandId ?? DEFAULT_BRAND_ID;
export const hasOption = (context: Pick<SignInContext, 'params'>, option: UiOption) =>
  context.params?.ui_options.includes(option) ?? false;

/** A failed call means no connection when the network failed, or a reply was unreadable while the browser is offline. */
function isConnectionProblem(code: string): boolean {
  return (
    code === 'UI_ERROR_NETWORK' || (code === 'UI_ERROR_BAD_REPLY' && globalThis.navigator?.onLine === false)
  );
}

function sameCredential(route: Route, credential: Credential | undefined): boolean {
  if (route.name !== 'enterPassword' || !credential) return false;
  const built = routeFor('enterPassword', { credential, failure: undefined });
  return (
    built?.name === 'enterPassword' && built.kind === route.kind && built.credential === route.credential
  );
}

/** Every guard, action and actor is named here, so tests can `.provide()` stand-ins (house rule 1). */
export const signInSetup = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
    tags: {} as SignInTag,
  },
  actors: {
    loadStartup,
    loadBrand,
    lookupLoginInfo,
    verifyPassword,
    loadAppPermissions,
    requestCode,
    checkConnection,
    verifyRedirectUri,
  },
  delays: {
    /** Spec §9: the network-failure alert appears 100 ms after the failure. */
    networkAlertDelay: 100,
  },
  guards: {
    isOfflineAlertPending: ({ context }) => context.offlineAlert === 'pending',
    isOfflineAlertShown: ({ context }) => context.offlineAlert === 'shown',
    hasInvalidParams: ({ context }) => context.params === undefined,
    hasErrorCodeParam: ({ context }) => context.params?.errorCode !== undefined,
    isResumingPassword: ({ context }) => sameCredential(context.initialRoute, context.stored.credential),
    isResumingConsent: ({ context }) =>
      context.initialRoute.name === 'consent' && context.stored.authenticated === true,
    isSkippingLoginIdPage: ({ context }) =>
      hasOption(context, 'skip_login_id_page') && parseCredential(context.params?.login_hint ?? '').ok,
    isForced: ({ context }) =>
      context.params?.force === true || context.params?.prompt.includes('login') === true,
    isConsentHidden: ({ context }) => hasOption(context, 'hide_consent'),
    hasValidCredential: ({ event }) =>
      event.type === 'user.submitCredential' && parseCredential(event.credential).ok,
    hasPassword: ({ event }) => event.type === 'user.submitPassword' && event.password !== '',
    isOtherBrand: ({ context }, params: { brandId: string }) => params.brandId !== brandIdOf(context),
    isPageFailure: ({ context }, params: ErrorParams) =>
      signInFailure(toApiError(params.error), context.credential).kind === 'page',
    isErrorPageOutcome: (_, params: ErrorParams) =>
      codeRequestOutcome(toApiError(params.error)).kind === 'error',
    isWarningOutcome: (_, params: ErrorParams) =>
      codeRequestOutcome(toApiError(params.error)).kind === 'warning',
    hasOpenableRedirect: (_, params: { redirectUri: string }) => isOpenableRedirect(params.redirectUri),
    hasAppRedirectTarget: ({ context }) =>
      context.params !== undefined &&
      context.appRedirect !== undefined &&
      buildErrorRedirect(context.params, context.appRedirect) !== undefined,
    hasBackStack: ({ context }) => context.backStack.length > 0,
    // A route to the screen already shown is no change: the address and the machine agree.
    isRouteToCredential: ({ context, event }) =>
      event.type === 'route.changed' &&
      (event.route.name === 'enterCredential' || event.route.name === 'root') &&
      context.screen !== 'enterCredential',
    isRouteToCredentialWithApp: ({ context, event }) =>
      event.type === 'route.changed' &&
      (event.route.name === 'enterCredential' || event.route.name === 'root') &&
      context.params !== undefined,
    hasStartupParams: ({ context }) => context.params !== undefined,
    isRouteToStoredPassword: ({ context, event }) =>
      event.type === 'route.changed' &&
      context.screen !== 'enterPassword' &&
      sameCredential(event.route, context.credential),
    isRouteToConsent: ({ context, event }) =>
      event.type === 'route.changed' &&
      event.route.name === 'consent' &&
      context.authenticated &&
      context.screen !== 'consent',
  },
  actions: {
    assignStartup: assign((_, output: StartupOutput) => ({
      clientId: output.clientId,
      params: output.params,
      paramsIssue: output.paramsIssue,
      brandConfig: output.brandConfig,
      locales: output.locales,
    })),
    assignFailure: assign((_, params: ErrorParams) => {
      const error = toApiError(params.error);
      return { failure: { code: error.code, rayId: error.rayId } };
    }),
    assignParamsFailure: assign({ failure: { code: 'INVALID_PARAMETERS' } }),
    assignErrorCodeParam: assign({
      failure: ({ context }) => ({ code: context.params?.errorCode ?? 'INTERNAL' }),
    }),
    restoreCredential: assign({
      credential: ({ context }) => context.stored.credential,
      credentialText: ({ context }) =>
        context.stored.credentialText ?? context.stored.credential?.loginId ?? '',
    }),
    restoreAuthentication: assign({
      authenticated: true,
      credential: ({ context }) => context.stored.credential,
      credentialText: ({ context }) => context.stored.credentialText ?? '',
    }),
    assignLoginHint: assign(({ context }) => {
      const hint = context.params?.login_hint ?? '';
      const result = parseCredential(hint);
      return result.ok ? { credential: result.credential, credentialText: hint } : {};
    }),
    assignCredential: assign(({ event }) => {
      if (event.type !== 'user.submitCredential') return {};
      const result = parseCredential(event.credential);
      return {
        credentialText: event.credential,
        credential: result.ok ? result.credential : undefined,
        fieldError: undefined,
        toast: undefined,
        authenticated: false,
      };
    }),
    assignCredentialError: assign(({ event }) => {
      if (event.type !== 'user.submitCredential') return {};
      const result = parseCredential(event.credential);
      return {
        credentialText: event.credential,
        fieldError: result.ok ? undefined : { id: credentialErrorMessages[result.error] },
      };
    }),
    assignEmptyPasswordError: assign({ fieldError: { id: 'errors.emptyPassword' } }),
    clearFieldError: assign({ fieldError: undefined, toast: undefined }),
    assignSignInError: assign(({ context }, params: ErrorParams) => {
      const failure = signInFailure(toApiError(params.error), context.credential);
      return {
        fieldError: failure.kind === 'field' ? failure.message : undefined,
        toast: failure.kind === 'toast' ? failure.message : undefined,
      };
    }),
    assignSignInPageFailure: assign({
      failure: ({ context }, params: ErrorParams) => {
        const failure = signInFailure(toApiError(params.error), context.credential);
        return { code: failure.kind === 'page' ? failure.code : 'INTERNAL' };
      },
    }),
    assignLoginBrand: assign({ loginBrandId: (_, params: { brandId: string }) => params.brandId }),
    assignBrand: assign((_, output: BrandOutput) => ({
      brandConfig: output.brandConfig,
      locales: output.locales,
      loginBrandId: undefined,
    })),
    markAuthenticated: assign({ authenticated: true }),
    assignApp: assign({ app: (_, app: AppPermissions) => app }),
    assignCodeRedirect: assign({ redirectUrl: (_, params: { redirectUri: string }) => params.redirectUri }),
    assignCodeRequestPage: assign({
      failure: (_, params: ErrorParams) => {
        const outcome = codeRequestOutcome(toApiError(params.error));
        return { code: outcome.kind === 'redirect' ? 'INTERNAL' : outcome.code };
      },
    }),
    assignCodeRequestRedirect: assign({
      appRedirect: (_, params: ErrorParams) => {
        const outcome = codeRequestOutcome(toApiError(params.error));
        return outcome.kind === 'redirect'
          ? { error: outcome.error, description: outcome.description }
          : undefined;
      },
    }),
    // Spec §4: cancel hides the toast, then redirects with user_cancelled.
    assignCancelRedirect: assign({ appRedirect: { error: 'user_cancelled' }, toast: undefined }),
    assignRejectRedirect: assign({
      appRedirect: { error: 'access_denied', description: ACCESS_DENIED_DESCRIPTION },
    }),
    assignNetworkError: assign({ fieldError: { id: 'errors.network' } }),
    noteNetworkFailure: enqueueActions(({ context, enqueue }, params: ErrorParams) => {
      if (context.offlineAlert !== 'none' || !isConnectionProblem(toApiError(params.error).code)) return;
      enqueue.assign({ offlineAlert: 'pending' });
      enqueue.raise({ type: 'connection.alertDue' }, { delay: 'networkAlertDelay' });
    }),
    showOfflineAlert: assign({ offlineAlert: 'shown' }),
    dismissOfflineAlert: assign({ offlineAlert: 'dismissed' }),
    assignAppRedirectUrl: assign({
      redirectUrl: ({ context }) =>
        context.params && context.appRedirect
          ? buildErrorRedirect(context.params, context.appRedirect)
          : undefined,
    }),
    assignInvalidRedirectFailure: assign({ failure: { code: 'API_ERROR_208' } }),
    resetSignIn: assign({
      credential: undefined,
      credentialText: '',
      authenticated: false,
      fieldError: undefined,
      toast: undefined,
      failure: undefined,
      backStack: [],
    }),
    recordNavigation: assign(({ context }, params: { destination: RouteName }) => ({
      backStack: pushNavigation(context.backStack, context.screen, params.destination),
      screen: params.destination,
    })),
    raiseBackRoute: raise(({ context }) => {
      const source = context.backStack.at(-1)?.source ?? 'root';
      const route = routeFor(source, { credential: context.credential, failure: context.failure });
      return { type: 'route.changed' as const, route: route ?? parseRoute('/') };
    }),
    persistSignIn: ({ context }) =>
      writeStoredSignIn(browserSessionStorage(), {
        credential: context.credential,
        credentialText: context.credentialText,
        authenticated: context.authenticated,
      }),
    navigateAway: ({ context }) => {
      if (context.redirectUrl) globalThis.location.assign(context.redirectUrl);
    },
    reloadWithLocale: (_, params: { localeId: string }) => {
      const url = new URL(globalThis.location.href);
      url.searchParams.set('localeId', params.localeId);
      globalThis.location.assign(url.href);
    },
  },
});

export type SignInActorRef = ActorRefFrom<ReturnType<typeof signInSetup.createMachine>>;
