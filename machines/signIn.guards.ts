import { parseCredential } from '../api/credential.ts';
import { toApiError } from '../api/errors.ts';
import { hidesConsent, isLoginAutomation, isNativeAppRedirect } from '../api/startupRule.ts';
import { codeRequestOutcome, isStandalonePage } from './errors.ts';
import { offeredMethods } from './identity.ts';
import type { PopupOutcome } from './identityProvider.ts';
import { buildErrorRedirect, isOpenableRedirect } from './redirect.ts';
import { brandIdOf, hasOption, isForcedStart, isSessionExpiry, sameCredential } from './signIn.context.ts';
import type { SignInContext, SignInEvent } from './signIn.types.ts';

const isEmailCredential = (text: string) => {
  const result = parseCredential(text);
  return result.ok && result.credential.kind === 'email';
};

type Args = { context: SignInContext; event: SignInEvent };
type ErrorParams = { error: unknown };

/** Every guard of the statechart, by name (house rule 1: tests can `.provide()` stand-ins). */
export const signInGuards = {
  isOfflineAlertPending: ({ context }: Args) => context.offlineAlert === 'pending',
  isOfflineAlertShown: ({ context }: Args) => context.offlineAlert === 'shown',
  hasInvalidParams: ({ context }: Args) => context.params === undefined,
  hasErrorCodeParam: ({ context }: Args) => context.params?.errorCode !== undefined,
  isResumingPassword: ({ context }: Args) => sameCredential(context.initialRoute, context.stored.credential),
  isResumingConsent: ({ context }: Args) =>
    context.initialRoute.name === 'consent' && context.stored.authenticated === true,
  hasInitialLoginId: ({ context }: Args) => parseCredential(context.stored.initialLoginId ?? '').ok,
  isSsoOffered: ({ context }: Args) => offeredMethods(context.brandConfig, context.params).sso,
  isProviderOffered: ({ context, event }: Args) =>
    event.type === 'user.chooseIdentityProvider' &&
    offeredMethods(context.brandConfig, context.params)[event.entrance],
  // Spec §2 external_popup: only Google opens in a popup.
  isPopupProvider: ({ context, event }: Args) =>
    event.type === 'user.chooseIdentityProvider' &&
    event.entrance === 'google' &&
    hasOption(context, 'external_popup'),
  // Kerberos identifies the user from the device's own sign-in: SSO needs no email first.
  isKerberos: ({ context }: Args) => hasOption(context, 'kerberos'),
  // prompt=sso asks for single sign-on; it needs a brand that has it, whatever the page hides.
  isSsoPrompt: ({ context }: Args) =>
    context.params?.prompt.includes('sso') === true && context.brandConfig?.ssoEnabled === true,
  hasValidSsoEmail: ({ event }: Args) =>
    event.type === 'user.submitSsoEmail' && isEmailCredential(event.email),
  isSsoAvailable: (_: Args, params: { available: boolean }) => params.available,
  isPopupSignedIn: (_: Args, params: { outcome: PopupOutcome }) => params.outcome === 'signedIn',
  isPopupSignedInWithoutConsent: ({ context }: Args, params: { outcome: PopupOutcome }) =>
    params.outcome === 'signedIn' && hasOption(context, 'hide_consent'),
  isPopupBlocked: (_: Args, params: { outcome: PopupOutcome }) => params.outcome === 'blocked',
  isRouteToSsoLogin: ({ context, event }: Args) =>
    event.type === 'route.changed' &&
    event.route.name === 'ssoLogin' &&
    context.screen !== 'ssoLogin' &&
    offeredMethods(context.brandConfig, context.params).sso,
  isSkippingLoginIdPage: ({ context }: Args) =>
    hasOption(context, 'skip_login_id_page') && parseCredential(context.params?.login_hint ?? '').ok,
  isForced: ({ context }: Args) => isForcedStart(context),
  hasFingerprinting: ({ context }: Args) =>
    context.brandConfig?.iovationEnabled === true && context.brandConfig.iovationScriptUrl !== undefined,
  isConsentHidden: ({ context }: Args) => context.params !== undefined && hidesConsent(context.params),
  hasValidCredential: ({ event }: Args) =>
    event.type === 'user.submitCredential' && parseCredential(event.credential).ok,
  hasPassword: ({ event }: Args) => event.type === 'user.submitPassword' && event.password !== '',
  isOtherBrand: ({ context }: Args, params: { brandId: string }) => params.brandId !== brandIdOf(context),
  isPageFailure: (_: Args, params: ErrorParams) => isStandalonePage(toApiError(params.error)),
  isErrorPageOutcome: (_: Args, params: ErrorParams) =>
    codeRequestOutcome(toApiError(params.error)).kind === 'error',
  isWarningOutcome: (_: Args, params: ErrorParams) =>
    codeRequestOutcome(toApiError(params.error)).kind === 'warning',
  isUnopenableRedirect: (_: Args, params: { redirectUri: string }) => !isOpenableRedirect(params.redirectUri),
  isNativeAppRedirect: (_: Args, params: { redirectUri: string }) => isNativeAppRedirect(params.redirectUri),
  isNoActionOnFail: ({ context }: Args) => context.params?.noActionOnFail === true,
  isLoginAutomation: ({ context }: Args) => isLoginAutomation(context.params),
  isSessionExpired: (_: Args, params: ErrorParams) => isSessionExpiry(toApiError(params.error)),
  isResumingSsoLogin: ({ context }: Args) =>
    context.initialRoute.name === 'ssoLogin' && offeredMethods(context.brandConfig, context.params).sso,
  isResumingErrorPage: ({ context }: Args) => context.initialRoute.name === 'error',
  isResumingWarningPage: ({ context }: Args) => context.initialRoute.name === 'warning',
  hasAppRedirectTarget: ({ context }: Args) =>
    context.params !== undefined &&
    context.appRedirect !== undefined &&
    buildErrorRedirect(context.params, context.appRedirect) !== undefined,
  hasBackStack: ({ context }: Args) => context.backStack.length > 0,
  // A route to the screen already shown is no change: the address and the machine agree.
  isRouteToCredential: ({ context, event }: Args) =>
    event.type === 'route.changed' &&
    (event.route.name === 'enterCredential' || event.route.name === 'root') &&
    context.screen !== 'enterCredential',
  isRouteToCredentialWithApp: ({ context, event }: Args) =>
    event.type === 'route.changed' &&
    (event.route.name === 'enterCredential' || event.route.name === 'root') &&
    context.params !== undefined,
  hasStartupParams: ({ context }: Args) => context.params !== undefined,
  isRouteToStoredPassword: ({ context, event }: Args) =>
    event.type === 'route.changed' &&
    context.screen !== 'enterPassword' &&
    sameCredential(event.route, context.credential),
  // Back to the picker from the screens it led to, while it has accounts to show.
  isRouteToPicker: ({ context, event }: Args) =>
    event.type === 'route.changed' &&
    event.route.name === 'selectAccount' &&
    context.screen !== 'selectAccount' &&
    (context.rememberedAccounts.length > 0 || (context.signedInAccounts?.length ?? 0) > 0),
  isRouteToConsent: ({ context, event }: Args) =>
    event.type === 'route.changed' &&
    event.route.name === 'consent' &&
    context.authenticated &&
    context.screen !== 'consent',
};
