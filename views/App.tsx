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
import { ConsentScreen } from './screens/ConsentScreen.tsx';
import { CredentialScreen } from './screens/CredentialScreen.tsx';
import { ErrorScreen } from './screens/ErrorScreen.tsx';
import { LaunchAppScreen } from './screens/LaunchAppScreen.tsx';
import { LoginAutomationScreen } from './screens/LoginAutomationScreen.tsx';
import { PasswordScreen } from './screens/PasswordScreen.tsx';
import { ProgressScreen } from './screens/ProgressScreen.tsx';
import { SsoLoginScreen } from './screens/SsoLoginScreen.tsx';
import { TitleBar } from './TitleBar.tsx';
import { UiMessageText } from './UiMessageText.tsx';
import { useBrand } from './useBrand.ts';
import { useHashSync } from './useHashSync.ts';

const screenViews = {
  enterCredential: CredentialScreen,
  enterPassword: PasswordScreen,
  ssoLogin: SsoLoginScreen,
  consent: ConsentScreen,
  error: ErrorScreen,
  warning: ErrorScreen,
  loginAutomationNotification: LoginAutomationScreen,
  launchApp: LaunchAppScreen,
  progress: ProgressScreen,
} as const;

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
  // Spec §2: the credential and password pages share the layout with the banner and sign-up link.
  const signInLayout = screen === 'enterCredential' || screen === 'enterPassword' || screen === 'ssoLogin';
  return (
    <I18nProvider localeId={localeId}>
      <Frame
        brand={brand}
        layout={layoutFor(navigator.userAgent, display)}
        hideLogo={SignInActor.useSelector(selectHideLogo)}
        hideTos={SignInActor.useSelector(selectHideTos)}
        locales={locales && { ...locales, localeCode: localeId }}
        busy={SignInActor.useSelector(selectBusy) && screen !== 'progress'}
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
      </Frame>
    </I18nProvider>
  );
}
