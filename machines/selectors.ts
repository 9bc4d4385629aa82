import type { SnapshotFrom } from 'xstate';
import type { signInMachine } from './signIn.machine.ts';
import { brandIdOf, effectiveLocale, hasOption } from './signIn.setup.ts';

export type SignInSnapshot = SnapshotFrom<typeof signInMachine>;

export type Screen = 'enterCredential' | 'enterPassword' | 'consent' | 'error' | 'warning' | 'progress';
const screens: readonly Screen[] = [
  'enterCredential',
  'enterPassword',
  'consent',
  'error',
  'warning',
  'progress',
];

/** The screen a snapshot shows: the one `screen.*` tag of its active states. */
export const selectScreen = (snapshot: SignInSnapshot): Screen =>
  screens.find((screen) => snapshot.hasTag(`screen.${screen}`)) ?? 'progress';

export const selectBusy = (snapshot: SignInSnapshot) => snapshot.hasTag('busy');
export const selectBrandId = (snapshot: SignInSnapshot) => brandIdOf(snapshot.context);
export const selectLocale = (snapshot: SignInSnapshot) => effectiveLocale(snapshot.context);
export const selectLocales = (snapshot: SignInSnapshot) => snapshot.context.locales;
export const selectFieldError = (snapshot: SignInSnapshot) => snapshot.context.fieldError;
export const selectOfflineAlert = (snapshot: SignInSnapshot) => snapshot.context.offlineAlert === 'shown';
export const selectToast = (snapshot: SignInSnapshot) => snapshot.context.toast;
export const selectHideLogo = (snapshot: SignInSnapshot) => hasOption(snapshot.context, 'hide_logo');
export const selectHideTos = (snapshot: SignInSnapshot) => hasOption(snapshot.context, 'hide_tos');
export const selectDisplay = (snapshot: SignInSnapshot) => snapshot.context.params?.display;
/** The partner app's name: from the consent data once loaded, else from the address. */
export const selectAppName = (snapshot: SignInSnapshot) =>
  snapshot.context.app?.appName ?? snapshot.context.params?.appName;
export const selectCanCancel = (snapshot: SignInSnapshot) => snapshot.can({ type: 'user.cancel' });
