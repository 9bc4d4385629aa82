import { useEffect } from 'react';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
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
import { useHashSync } from './useHashSync.ts';

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
 * Once the first real screen shows and the browser is idle, the other screens' chunks are fetched;
 * never earlier, so they do not compete with the first screen's own downloads. It renders inside the
 * message provider, whose children appear with the first screen itself, not before.
 */
function PreloadWhenIdle({ screenShown }: { screenShown: boolean }) {
  useEffect(() => {
    if (!screenShown) return;
    const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    idle(() => void preloadScreens());
  }, [screenShown]);
  return null;
}

/** Renders whichever screen the machine's active state names, inside the brand's frame. */
export function App() {
  useHashSync();
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
  // A flow loaded as a chunk (two-factor, account) is busy on its own states.
  const flowBusy = useActiveFlow((flow) => hasFlowTag(flow, 'busy'));
  // Spec §2: the credential and password pages share the layout with the banner and sign-up link.
  const signInLayout = screen === 'enterCredential' || screen === 'enterPassword' || screen === 'ssoLogin';
  return (
    <I18nProvider localeId={localeId} loadRest={screen !== 'progress'}>
      <Frame
        brand={brand}
        layout={layoutFor(navigator.userAgent, display)}
        hideLogo={SignInActor.useSelector(selectHideLogo)}
        hideTos={SignInActor.useSelector(selectHideTos)}
        locales={locales && { ...locales, localeCode: localeId }}
        busy={(busy || flowBusy) && screen !== 'progress'}
        signUpUrl={signInLayout ? signupUrl : undefined}
        banner={
          signInLayout && brand.banner ? <img src={brand.banner} alt="" data-testid="banner" /> : undefined
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
        <PreloadWhenIdle screenShown={screen !== 'progress'} />
      </Frame>
    </I18nProvider>
  );
}
