import type { LoginOption } from '../api/contract/auth.ts';
import type { BrandConfig, LocalesData } from '../api/contract/config.ts';
import type { IdentityEntrance } from '../api/contract/identity.ts';
import type { SignedInAccount } from '../api/contract/session.ts';
import type { AppPermissions } from '../api/contract/signInReplies.ts';
import type { StartupParams } from '../api/contract/startup.ts';
import type { Credential } from '../api/credential.ts';
import type { LocaleRequest } from '../i18n/locales.ts';
import type { AccountEntry } from './account/account.types.ts';
import type { RememberedAccount } from './accounts.ts';
import type { EmergencyEntry } from './emergency/emergency.types.ts';
import type { UiMessage } from './errors.ts';
import type { NavigationPair } from './navigation.ts';
import type { NoticeKind } from './notices/notices.types.ts';
import type { PasskeysEntry } from './passkeys/passkeys.types.ts';
import type { StoredSignIn } from './persistence.ts';
import type { AppRedirect } from './redirect.ts';
import type { RoomEntry } from './room/room.types.ts';
import type { Route, RouteName } from './routes.ts';

export interface Failure {
  code: string;
  rayId?: string | undefined;
}

/** Spec §4 approve: the ids the code request answers with are recorded before the redirect. */
export interface Authorisation {
  extensionId: string;
  accountId: string;
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
  /** The address's ui_locales and localeId and the browser's languages, read at start (i18n/locales.ts). */
  localeRequest: LocaleRequest;
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
  authorisation: Authorisation | undefined;
  /** Spec §2 remember me: keep this credential on the device after a successful sign-in. */
  rememberMe: boolean;
  /** The device fingerprint sent as `f` in login-info when the brand fingerprints (spec §7 iovation). */
  fraudToken: string | undefined;
  /** The platform session's public id, quoted in error messages when the brand has one (spec §8). */
  sessionId: string | undefined;
  /** Accounts this device remembers (spec §3 previous sign-in credential), most recent first. */
  rememberedAccounts: RememberedAccount[];
  /** Accounts signed in in this browser, once asked (GET /api/sessions); undefined before. */
  signedInAccounts: SignedInAccount[] | undefined;
  /** The signed-in account's name, from the login reply: the picker shows it next time. */
  accountName: string | undefined;
  /** The alternative sign-in the user chose (spec §3 login entrances), while it runs. */
  identityEntrance: IdentityEntrance | undefined;
  /** The routed screen shown last: the source of the next navigation pair. */
  screen: RouteName | undefined;
  backStack: NavigationPair[];
  /** How the account flow (machines/account/) is next entered; the flow works out where it starts. */
  accountEntry: AccountEntry | undefined;
  /** Why the emergency-address flow (machines/emergency/) is entered: the code request's 701 or 702. */
  emergencyEntry: EmergencyEntry | undefined;
  /** The emergency flow completed in this sign-in: the code request says so (spec §7 eaCompleted). */
  eaCompleted: boolean;
  /** Which notice the notices flow (machines/notices/) shows next: FedRAMP (720), terms (730), a retired app (216). */
  noticeKind: NoticeKind | undefined;
  /** The FedRAMP notice was accepted in this sign-in: every later code request says so (spec §3). */
  fedrampNotificationCompleted: boolean;
  /** Where the room activation flow (machines/room/) starts: the address it was opened at. */
  roomEntry: RoomEntry | undefined;
  /** Login-info's choice of ways to sign in, when the account has one (docs/notices.md "Login option"). */
  loginOptions?: LoginOption[] | undefined;
  /** The browser can run WebAuthn requests (docs/passkeys.md); the brand config says whether to offer them. */
  passkeyCapable: boolean;
  /** The account picker's row a passkey sign-in is for: only its passkeys are asked for. */
  passkeyLoginId: string | undefined;
  /**
   * The offer to create a passkey after a password sign-in: `afterSecondFactor` when the server asked to
   * wait for the second factor (the offer then follows it), `settled` otherwise.
   */
  passkeyOffer: 'afterSecondFactor' | 'settled';
  /** How the passkeys flow (machines/passkeys/) is next entered: the offer, or the picker's management page. */
  passkeysEntry: PasskeysEntry | undefined;
}

export interface SignInInput {
  /** location.search at start-up. */
  search: string;
  /** location.hash at start-up: a reload resumes the screen it names when the stored state allows. */
  hash: string;
  stored: StoredSignIn;
  /** The accounts this device remembers (local storage), most recent first. */
  remembered?: RememberedAccount[] | undefined;
  /** navigator.languages: the locale to show when the address names none (i18n/locales.ts). */
  browserLanguages?: readonly string[] | undefined;
  /** The browser has WebAuthn (window.PublicKeyCredential). */
  passkeyCapable?: boolean | undefined;
}

export type SignInEvent =
  | { type: 'user.submitCredential'; credential: string; remember?: boolean }
  | { type: 'user.submitPassword'; password: string }
  | { type: 'user.forgotPassword' }
  | { type: 'user.requestExpressLink' }
  | { type: 'user.back' }
  | { type: 'user.approve' }
  | { type: 'user.reject' }
  | { type: 'user.cancel' }
  | { type: 'user.restart' }
  | { type: 'user.openApp' }
  /** The SSO notice or mismatch page's Try again: the same entrance once more. */
  | { type: 'user.tryAgain' }
  /** The login option page's Use password. */
  | { type: 'user.choosePassword' }
  | { type: 'user.chooseSso' }
  | { type: 'user.chooseIdentityProvider'; entrance: 'google' | 'apple' }
  | { type: 'user.submitSsoEmail'; email: string }
  | { type: 'user.chooseLocale'; localeId: string }
  | { type: 'user.dismissAlert' }
  /** The credential or password page's passkey button (a picker row's is the picker flow's outcome). */
  | { type: 'user.signInWithPasskey'; loginId?: string | undefined }
  /** The picker flow's lists as it changed them, and the error of a call that failed (machines/picker/). */
  | {
      type: 'picker.accounts';
      rememberedAccounts: RememberedAccount[];
      signedInAccounts: SignedInAccount[] | undefined;
      error?: unknown;
    }
  | { type: 'route.changed'; route: Route }
  | { type: 'connection.alertDue' };

export type SignInTag =
  | 'busy'
  | 'screen.enterCredential'
  | 'screen.enterPassword'
  | 'screen.ssoLogin'
  | 'screen.consent'
  | 'screen.error'
  | 'screen.warning'
  | 'screen.loginAutomationNotification'
  | 'screen.launchApp'
  | 'screen.selectAccount'
  | 'screen.signedOut'
  /** A lazily loaded flow runs: its own states name the screen and the route (two-factor). */
  | 'screen.twoFactor'
  /** The password and account flow (machines/account/) runs: its states name the screen. */
  | 'screen.account'
  /** The emergency-address flow (machines/emergency/) runs: its states name the screen. */
  | 'screen.emergency'
  | 'screen.notices'
  | 'screen.room'
  /** The passkeys flow (machines/passkeys/) runs: its states name the screen. */
  | 'screen.passkeys'
  | 'screen.progress'
  | 'screen.ssoOutcome'
  | 'screen.loginOption';
