import { manageAccount } from '../../machines/account/flow.ts';
import { preloadSignInCalls } from '../../machines/actors.ts';
import { completeEmergencyAddress } from '../../machines/emergency/flow.ts';
import { loadErrorMessages } from '../../machines/errors.ts';
import { showNotice } from '../../machines/notices/flow.ts';
import { offerPasskeys } from '../../machines/passkeys/flow.ts';
import { chooseAccount } from '../../machines/picker/flow.ts';
import { activateRoom } from '../../machines/room/flow.ts';
import { verifySecondFactor } from '../../machines/twoFactor/flow.ts';
import { languageList } from '../frame/LanguageSelector.tsx';
import { phishingNotice } from '../frame/PhishingDialog.tsx';
import { lazyScreen } from './lazyScreen.tsx';

/**
 * Every screen family but the credential page, each a chunk of its own. The first screen's entry
 * chunk holds none of them; `preloadScreens` fetches them all in the browser's idle time after the
 * first screen shows, so moving on never waits on the network.
 */
export const lazyScreens = {
  enterPassword: lazyScreen(() => import('./PasswordScreen.tsx').then((m) => m.PasswordScreen)),
  ssoLogin: lazyScreen(() => import('./SsoLoginScreen.tsx').then((m) => m.SsoLoginScreen)),
  consent: lazyScreen(() => import('./ConsentScreen.tsx').then((m) => m.ConsentScreen)),
  errorPages: lazyScreen(() => import('./ErrorScreen.tsx').then((m) => m.ErrorScreen)),
  loginAutomationNotification: lazyScreen(() =>
    import('./LoginAutomationScreen.tsx').then((m) => m.LoginAutomationScreen),
  ),
  launchApp: lazyScreen(() => import('./LaunchAppScreen.tsx').then((m) => m.LaunchAppScreen)),
  selectAccount: lazyScreen(() => import('./AccountPickerScreen.tsx').then((m) => m.AccountPickerScreen)),
  signedOut: lazyScreen(() => import('./SignedOutScreen.tsx').then((m) => m.SignedOutScreen)),
  twoFactor: lazyScreen(() => import('./twoFactor/TwoFactorScreen.tsx').then((m) => m.TwoFactorScreen)),
  account: lazyScreen(() => import('./account/AccountScreen.tsx').then((m) => m.AccountScreen)),
  emergency: lazyScreen(() => import('./emergency/EmergencyScreen.tsx').then((m) => m.EmergencyScreen)),
  notices: lazyScreen(() => import('./notices/NoticesScreen.tsx').then((m) => m.NoticesScreen)),
  room: lazyScreen(() => import('./room/RoomScreen.tsx').then((m) => m.RoomScreen)),
  passkeys: lazyScreen(() => import('./passkeys/PasskeysScreen.tsx').then((m) => m.PasskeysScreen)),
} as const;

/** The flows' own machines (state logic, guards, actors, contracts), fetched with the screens. */
const lazyFlows = [
  verifySecondFactor,
  manageAccount,
  completeEmergencyAddress,
  showNotice,
  activateRoom,
  offerPasskeys,
  chooseAccount,
];

/** Resolves when the browser is next idle (after 200 ms where it cannot tell). */
const whenIdle = () =>
  new Promise<void>((resolve) =>
    (globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200)))(() => resolve()),
  );

/**
 * Every lazy screen and flow, the calls made after the first screen (machines/signInCalls.ts) and the
 * error-message lookups that any failed call needs: one at a time, each when the browser is idle, so
 * that evaluating a chunk and applying its style sheet are short tasks apart, never one long task
 * while the user starts typing. What the next click runs on comes first. Stops when `signal` aborts
 * (the page that started it has gone).
 */
export async function preloadScreens(signal?: AbortSignal): Promise<void> {
  const loads: (() => Promise<unknown>)[] = [
    preloadSignInCalls,
    loadErrorMessages,
    ...Object.values(lazyScreens).map((screen) => screen.preload),
    ...lazyFlows.map((flow) => flow.preload),
    phishingNotice.preload,
    languageList.preload,
  ];
  for (const load of loads) {
    await whenIdle();
    if (signal?.aborted) return;
    await load().catch(() => undefined);
  }
}
