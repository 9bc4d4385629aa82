import { type ActorRefFrom, assign, enqueueActions, type OutputFrom, raise, setup } from 'xstate';
import type { AppPermissions } from '../api/contract/signInReplies.ts';
import { credentialSegment, parseCredential } from '../api/credential.ts';
import { toApiError } from '../api/errors.ts';
import { manageAccount } from './account/flow.ts';
import { withAccountFirst, withoutAccount, writeRememberedAccounts } from './accounts.ts';
import {
  checkConnection,
  checkSsoAvailability,
  collectFingerprint,
  listSessions,
  loadAppPermissions,
  loadBrand,
  loadStartup,
  lookupLoginInfo,
  requestCode,
  showLocaleOutside,
  signOut,
  verifyPassword,
  verifyRedirectUri,
  watchIdentityPopup,
} from './actors.ts';
import { type AnalyticsEventName, sendAnalytics } from './analytics.ts';
import { completeEmergencyAddress } from './emergency/flow.ts';
import { credentialErrorMessages, signInFailure } from './errors.ts';
import { loadFingerprintScript } from './fingerprint.ts';
import { pushNavigation } from './navigation.ts';
import { showNotice } from './notices/flow.ts';
import { signInWithPasskey } from './passkeySignIn.ts';
import { offerPasskeys } from './passkeys/flow.ts';
import { browserLocalStorage, browserSessionStorage, writeStoredSignIn } from './persistence.ts';
import { chooseAccount } from './picker/flow.ts';
import { activateRoom } from './room/flow.ts';
import { parseRoute, pathOf, type RouteName, routeFor } from './routes.ts';
import {
  brandIdOf,
  credentialOf,
  hasOption,
  isConnectionProblem,
  messageLookupOf,
  searchWithLocale,
} from './signIn.context.ts';
import { signInGuards } from './signIn.guards.ts';
import type { SignInContext, SignInEvent, SignInInput, SignInTag } from './signIn.types.ts';
import { verifySecondFactor } from './twoFactor/flow.ts';

export { brandIdOf, DEFAULT_BRAND_ID, effectiveLocale, hasOption } from './signIn.context.ts';
export type * from './signIn.types.ts';

type StartupOutput = OutputFrom<typeof loadStartup>;
type BrandOutput = OutputFrom<typeof loadBrand>;
type ErrorParams = { error: unknown };

export function trackEvent(
  context: SignInContext,
  name: AnalyticsEventName,
  properties?: Record<string, string>,
) {
  sendAnalytics({
    name,
    clientId: context.clientId,
    brandId: brandIdOf(context),
    ...(properties ? { properties } : {}),
  });
}

function reloadOnErrorPage(code: string, initialLoginId: string | undefined): void {
  writeStoredSignIn(browserSessionStorage(), initialLoginId ? { initialLoginId } : {});
  globalThis.location.hash = pathOf({ name: 'error', code });
  globalThis.location.reload();
}

/** Every guard, action, actor and delay is named here, so tests can `.provide()` stand-ins (house rule 1). */
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
    collectFingerprint,
    checkSsoAvailability,
    watchIdentityPopup,
    listSessions,
    signOut,
    verifySecondFactor,
    manageAccount,
    completeEmergencyAddress,
    showNotice,
    activateRoom,
    offerPasskeys,
    chooseAccount,
    signInWithPasskey,
  },
  delays: {
    /** Spec §9: the network-failure alert appears 100 ms after the failure. */
    networkAlertDelay: 100,
  },
  guards: signInGuards,
  actions: {
    assignStartup: assign(({ context }, output: StartupOutput) => ({
      rememberMe: context.rememberMe || (output.params?.ui_options.includes('remember_me_on') ?? false),
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
      sessionId: ({ context }) => context.stored.sessionId,
      credential: ({ context }) => context.stored.credential,
      credentialText: ({ context }) => context.stored.credentialText ?? '',
    }),
    assignLoginHint: assign(({ context }) => credentialOf(context.params?.login_hint)),
    // Used once: the saved id leaves context and storage, so a later restart asks for a credential.
    assignInitialLoginId: assign(({ context }) => ({
      ...credentialOf(context.stored.initialLoginId),
      stored: { ...context.stored, initialLoginId: undefined },
    })),
    // Named argument on purpose: a zero-parameter action here defeats xstate's inference of the others' params.
    forgetInitialLoginId: (_args) => writeStoredSignIn(browserSessionStorage(), {}),
    assignCredential: assign(({ context, event }) => {
      if (event.type !== 'user.submitCredential') return {};
      const result = parseCredential(event.credential);
      return {
        credentialText: event.credential,
        credential: result.ok ? result.credential : undefined,
        // With the box hidden (hide_remember_me) nothing the user did not see decides: only remember_me_on.
        rememberMe: hasOption(context, 'hide_remember_me')
          ? hasOption(context, 'remember_me_on')
          : (event.remember ?? context.rememberMe),
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
    trackCredentialKind: ({ context, event }) => {
      if (event.type !== 'user.submitCredential') return;
      const result = parseCredential(event.credential);
      // Which kind was used, never what was typed.
      if (result.ok) trackEvent(context, 'emailOrExtension', { kind: result.credential.kind });
    },
    assignEmptyPasswordError: assign({ fieldError: { id: 'errors.emptyPassword' } }),
    clearFieldError: assign({ fieldError: undefined, toast: undefined }),
    assignSignInError: assign(({ context }, params: ErrorParams) => {
      const failure = signInFailure(toApiError(params.error), context.credential, messageLookupOf(context));
      return {
        fieldError: failure.kind === 'field' ? failure.message : undefined,
        toast: failure.kind === 'toast' ? failure.message : undefined,
      };
    }),
    assignSignInPageFailure: assign({
      failure: ({ context }, params: ErrorParams) => {
        const failure = signInFailure(toApiError(params.error), context.credential, messageLookupOf(context));
        return { code: failure.kind === 'page' ? failure.code : 'INTERNAL' };
      },
    }),
    assignLoginBrand: assign({ loginBrandId: (_, params: { brandId: string }) => params.brandId }),
    assignBrand: assign((_, output: BrandOutput) => ({
      brandConfig: output.brandConfig,
      locales: output.locales,
      loginBrandId: undefined,
    })),
    markAuthenticated: assign(
      (_, output: { sessionId?: string | undefined; displayName?: string | undefined }) => ({
        authenticated: true,
        sessionId: output.sessionId,
        accountName: output.displayName,
      }),
    ),
    assignApp: assign({ app: (_, app: AppPermissions) => app }),
    assignRouteFailure: assign({
      failure: ({ context }) => {
        const route = context.initialRoute;
        return { code: route.name === 'error' || route.name === 'warning' ? route.code : 'INTERNAL' };
      },
    }),
    track: ({ context }, params: { name: AnalyticsEventName }) => trackEvent(context, params.name),
    // Spec §4: a session-expired error sets the hash to the error page and reloads; the reload then
    // starts on that page, and nothing from the expired session is resumed but the login id, saved
    // so that signing in again starts on the password page (spec §2 saved initial login id).
    reloadOnSessionExpired: ({ context }) =>
      reloadOnErrorPage('INVALID_SESSION_TOKEN', context.credential?.loginId),
    assignNetworkError: assign({ fieldError: { id: 'errors.network' } }),
    noteNetworkFailure: enqueueActions(({ context, enqueue }, params: ErrorParams) => {
      if (context.offlineAlert !== 'none' || !isConnectionProblem(toApiError(params.error).code)) return;
      enqueue.assign({ offlineAlert: 'pending' });
      enqueue.raise({ type: 'connection.alertDue' }, { delay: 'networkAlertDelay' });
    }),
    showOfflineAlert: assign({ offlineAlert: 'shown' }),
    dismissOfflineAlert: assign({ offlineAlert: 'dismissed' }),
    resetSignIn: assign({
      sessionId: undefined,
      credential: undefined,
      credentialText: '',
      authenticated: false,
      fieldError: undefined,
      toast: undefined,
      failure: undefined,
      backStack: [],
    }),
    trackNavigation: ({ context }, params: { destination: RouteName }) => {
      if (context.screen === params.destination) return;
      trackEvent(context, 'navigation', {
        source: context.screen ?? 'start',
        destination: params.destination,
      });
    },
    recordNavigation: assign(({ context }, params: { destination: RouteName }) => ({
      backStack: pushNavigation(context.backStack, context.screen, params.destination),
      screen: params.destination,
    })),
    raiseBackRoute: raise(({ context }) => {
      const source = context.backStack.at(-1)?.source ?? 'root';
      const route = routeFor(source, { credential: context.credential, failure: context.failure });
      return { type: 'route.changed' as const, route: route ?? parseRoute('/') };
    }),
    // Spec §3: remembered (first in the picker) only when asked; opting out forgets this account here.
    rememberCredential: assign(({ context }) => {
      const loginId = context.credential ? credentialSegment(context.credential) : context.credentialText;
      const rememberedAccounts = context.rememberMe
        ? withAccountFirst(context.rememberedAccounts, {
            loginId,
            displayName: context.accountName ?? '',
            brandId: brandIdOf(context),
          })
        : withoutAccount(context.rememberedAccounts, loginId);
      writeRememberedAccounts(browserLocalStorage(), rememberedAccounts);
      return { rememberedAccounts };
    }),
    // Spec §4: the loader script comes with the brand; the value is read when the credential is sent.
    loadFingerprintScript: ({ context }) => {
      if (context.brandConfig?.iovationEnabled) loadFingerprintScript(context.brandConfig.iovationScriptUrl);
    },
    assignFraudToken: assign({ fraudToken: (_, token: string | undefined) => token }),
    persistSignIn: ({ context }) =>
      writeStoredSignIn(browserSessionStorage(), {
        credential: context.credential,
        credentialText: context.credentialText,
        authenticated: context.authenticated,
        sessionId: context.sessionId,
      }),
    // Spec §2: a chosen locale is the page's from now on, switched in place (docs/i18n.md "The language
    // selector"): the machine stays where it is, so the step and what was typed stay too.
    chooseLocale: assign(({ context }, params: { localeId: string }) => ({
      localeRequest: { ...context.localeRequest, uiLocales: [], localeId: params.localeId },
      search: searchWithLocale(context.search, params.localeId),
    })),
    // The address and the brand's texts follow, from the calls' chunk (machines/localeChange.ts).
    showLocaleOutside: ({ context }) => showLocaleOutside(context),
  },
});

export type SignInActorRef = ActorRefFrom<ReturnType<typeof signInSetup.createMachine>>;
