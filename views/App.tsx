import { startTransition, useDeferredValue, useEffect, useReducer } from 'react';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { firstScreenDrawn } from '../machines/firstScreen.ts';
import {
  selectBusy,
  selectDisplay,
  selectHideLogo,
  selectHideTos,
  selectLocale,
  selectLocales,
  selectScreen,
  selectToast,
} from '../machines/selectors.ts';
import { layoutFor } from './device.ts';
import { Frame } from './frame/Frame.tsx';
import { OfflineAlert } from './OfflineAlert.tsx';
import { SignInActor } from './SignInActor.ts';
import { CredentialScreen } from './screens/CredentialScreen.tsx';
import { lazyScreens, preloadScreens } from './screens/lazyScreens.ts';
import { ProgressScreen } from './screens/ProgressScreen.tsx';
import { TitleBar } from './TitleBar.tsx';
import { UiMessageText } from './UiMessageText.tsx';
import { hasFlowTag, useActiveFlow } from './useActiveFlow.ts';
import { useBrand } from './useBrand.ts';
import { HashSync } from './useHashSync.ts';

/** The credential page and the progress screen are in the entry chunk; every other screen loads lazily. */
const screenViews = {
  enterCredential: CredentialScreen,
  progress: ProgressScreen,
  enterPassword: lazyScreens.enterPassword.View,
  ssoLogin: lazyScreens.ssoLogin.View,
  consent: lazyScreens.consent.View,
  error: lazyScreens.errorPages.View,
  warning: lazyScreens.errorPages.View,
  loginAutomationNotification: lazyScreens.loginAutomationNotification.View,
  launchApp: lazyScreens.launchApp.View,
  selectAccount: lazyScreens.selectAccount.View,
  signedOut: lazyScreens.signedOut.View,
  twoFactor: lazyScreens.twoFactor.View,
  account: lazyScreens.account.View,
  emergency: lazyScreens.emergency.View,
  notices: lazyScreens.notices.View,
  room: lazyScreens.room.View,
  passkeys: lazyScreens.passkeys.View,
  // In the error pages' chunk (views/screens/SsoScreen.tsx): no lazy entry of their own in the first screen.
  ssoOutcome: lazyScreens.errorPages.View,
  loginOption: lazyScreens.errorPages.View,
} as const;

/**
 * Resolves once the page has shown its first text or image (paint timing), at once where the browser
 * cannot tell. The browser presents a frame after its main thread is done with it, so idle time alone
 * can come before the first screen is on the display.
 */
const contentPainted = new Promise<void>((resolve) => {
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) return resolve();
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    resolve();
  }).observe({ type: 'paint', buffered: true });
});

/**
 * Once a screen (not the progress screen) is on the display, what only refines it or later screens
 * need loads: the rest of the messages, the brand's asset files (machines/actors.ts), and in the
 * browser's idle time the other screens' chunks. Never earlier: on a slow phone they would compete with
 * the first screen's own downloads and work. It renders inside the message provider, whose children
 * appear with the first screen itself, not before.
 */
function AfterScreenDrawn({ shown, settle }: { shown: boolean; settle: () => void }) {
  useEffect(() => {
    if (!shown) return;
    const left = new AbortController();
    void contentPainted.then(() => {
      if (left.signal.aborted) return;
      startTransition(settle);
      firstScreenDrawn();
      return preloadScreens(left.signal);
    });
    return () => left.abort();
  }, [shown, settle]);
  return null;
}

/** Renders whichever screen the machine's active state names, inside the brand's frame. */
export function App() {
  const actor = SignInActor.useActorRef();
  const screen = SignInActor.useSelector(selectScreen);
  const ScreenView = screenViews[screen];
  const brand = useBrand();
  const localeId = SignInActor.useSelector(selectLocale);
  const display = SignInActor.useSelector(selectDisplay);
  const locales = SignInActor.useSelector(selectLocales);
  const toast = SignInActor.useSelector(selectToast);
  const signupUrl = SignInActor.useSelector((snapshot) => snapshot.context.brandConfig?.signupUrl);
  const busy = SignInActor.useSelector(selectBusy);
  const hideLogo = SignInActor.useSelector(selectHideLogo);
  const hideTos = SignInActor.useSelector(selectHideTos);
  // A flow loaded as a chunk (two-factor, account) is busy on its own states.
  const flowBusy = useActiveFlow((flow) => hasFlowTag(flow, 'busy'));
  // Spec §2: the credential and password pages share the layout with the banner and sign-up link.
  const signInLayout = screen === 'enterCredential' || screen === 'enterPassword' || screen === 'ssoLogin';
  // Until start-up first knows the brand, the progress screen shows alone: a frame would wear the
  // default brand's look, then change to the page's own, drawing the page twice on a slow phone. The
  // page then renders as a deferred value, which React builds in slices of a few milliseconds, yielding
  // to the browser between them, so the start-up's largest piece of work is no long task. Once a
  // screen has shown (`settled`), a later start-up (Back to sign in) keeps the frame and its alerts.
  const booting = useDeferredValue(SignInActor.useSelector((snapshot) => snapshot.matches('booting')));
  const [settled, settle] = useReducer(() => true, false);
  return (
    <>
      <I18nProvider localeId={localeId} loadRest={settled}>
        {booting && !settled ? (
          <ProgressScreen />
        ) : (
          <Frame
            brand={brand}
            layout={layoutFor(navigator.userAgent, display)}
            hideLogo={hideLogo}
            hideTos={hideTos}
            locales={locales && { ...locales, localeCode: localeId }}
            busy={(busy || flowBusy) && screen !== 'progress'}
            signUpUrl={signInLayout ? signupUrl : undefined}
            banner={
              signInLayout && brand.banner ? <img {...brand.banner} alt="" data-testid="banner" /> : undefined
            }
            toast={
              <>
                <OfflineAlert />
                {toast && <UiMessageText message={toast} />}
              </>
            }
            onLocaleChange={(next) => actor.send({ type: 'user.chooseLocale', localeId: next })}
          >
            <TitleBar />
            <ScreenView />
            <AfterScreenDrawn shown={screen !== 'progress'} settle={settle} />
          </Frame>
        )}
      </I18nProvider>
      <HashSync />
    </>
  );
}
