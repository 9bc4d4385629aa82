import type { SnapshotFrom } from 'xstate';
import { offeredMethods } from './identity.ts';
import {
  arePasskeysUsable,
  brandIdOf,
  effectiveLocale,
  hasOption,
  messageLookupOf,
} from './signIn.context.ts';
import type { signInMachine } from './signIn.machine.ts';

export type SignInSnapshot = SnapshotFrom<typeof signInMachine>;

export type Screen =
  | 'enterCredential'
  | 'enterPassword'
  | 'ssoLogin'
  | 'consent'
  | 'error'
  | 'warning'
  | 'loginAutomationNotification'
  | 'launchApp'
  | 'selectAccount'
  | 'signedOut'
  | 'twoFactor'
  | 'account'
  | 'emergency'
  | 'notices'
  | 'room'
  | 'passkeys'
  | 'ssoOutcome'
  | 'loginOption'
  | 'progress';
const screens: readonly Screen[] = [
  'enterCredential',
  'enterPassword',
  'ssoLogin',
  'consent',
  'error',
  'warning',
  'loginAutomationNotification',
  'launchApp',
  'selectAccount',
  'signedOut',
  'twoFactor',
  'account',
  'emergency',
  'notices',
  'room',
  'passkeys',
  'ssoOutcome',
  'loginOption',
  'progress',
];

/** The screen a snapshot shows: the one `screen.*` tag of its active states. */
export const selectScreen = (snapshot: SignInSnapshot): Screen =>
  screens.find((screen) => snapshot.hasTag(`screen.${screen}`)) ?? 'progress';

export const selectBusy = (snapshot: SignInSnapshot) => snapshot.hasTag('busy');
/** Passkeys are offered on this page (brand and browser): the button and autofill stay while a request runs. */
export const selectPasskeysUsable = (snapshot: SignInSnapshot) => arePasskeysUsable(snapshot.context);
export const selectBrandId = (snapshot: SignInSnapshot) => brandIdOf(snapshot.context);
export const selectLocale = (snapshot: SignInSnapshot) => effectiveLocale(snapshot.context);
export const selectLocales = (snapshot: SignInSnapshot) => snapshot.context.locales;
export const selectFieldError = (snapshot: SignInSnapshot) => snapshot.context.fieldError;
export const selectOfflineAlert = (snapshot: SignInSnapshot) => snapshot.context.offlineAlert === 'shown';
export const selectToast = (snapshot: SignInSnapshot) => snapshot.context.toast;
export const selectHideLogo = (snapshot: SignInSnapshot) => hasOption(snapshot.context, 'hide_logo');
export const selectHideTos = (snapshot: SignInSnapshot) => hasOption(snapshot.context, 'hide_tos');
/** Spec §2 title_bar: a bar naming the app, for apps that embed the page without their own chrome. */
export const selectTitleBar = (snapshot: SignInSnapshot) => snapshot.context.params?.title_bar === true;
export const selectShowBackToApp = (snapshot: SignInSnapshot) =>
  hasOption(snapshot.context, 'show_back_to_app');
/** Spec §2: the remember-me checkbox unless hide_remember_me; checked by remember_me_on or an earlier choice. */
export const selectRememberMe = (snapshot: SignInSnapshot) => ({
  shown: !hasOption(snapshot.context, 'hide_remember_me'),
  checked: snapshot.context.rememberMe,
});
/** How the error catalogue words messages here; compare with shallowEqual, it is a new object each time. */
export const selectMessageLookup = (snapshot: SignInSnapshot) => messageLookupOf(snapshot.context);
export const selectDisplay = (snapshot: SignInSnapshot) => snapshot.context.params?.display;
/** The partner app's name: from the consent data once loaded, else from the address. */
export const selectAppName = (snapshot: SignInSnapshot) =>
  snapshot.context.app?.appName ?? snapshot.context.params?.appName;
export const selectCanCancel = (snapshot: SignInSnapshot) => snapshot.can({ type: 'user.cancel' });

/** Spec §6: the alternative sign-in methods the credential page offers; compare with shallowEqual. */
export const selectOfferedMethods = (snapshot: SignInSnapshot) =>
  offeredMethods(snapshot.context.brandConfig, snapshot.context.params);
/** Spec §2 show_sub_title=forgot_password: the credential page says the user is here for a forgotten password. */
export const selectForgotPasswordSubtitle = (snapshot: SignInSnapshot) =>
  snapshot.context.params?.show_sub_title?.split(/[\s,]+/).includes('forgot_password') === true;
