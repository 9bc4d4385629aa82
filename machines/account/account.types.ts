import type { LoginResult } from '../../api/contract/auth.ts';
import type { Credential } from '../../api/credential.ts';
import type { AccountInfo } from '../../api/passwordRules.ts';
import type { MessageLookup, UiMessage } from '../errors.ts';
import type { Route } from '../routes.ts';

/**
 * Where the sign-in machine enters the account flow (spec §2 password and account families): a page
 * link (forgot password, email me a sign-in link), a login or code-request answer (319, 361, 371,
 * 412), an emailed link opened in the browser, or an address the page was loaded with.
 */
export type AccountStart =
  | { flow: 'recover'; route: Route; credential?: Credential | undefined }
  | { flow: 'expressLink'; credential: Credential }
  | { flow: 'createPassword'; token: string }
  | { flow: 'expressSignIn'; token: string }
  | { flow: 'confirmEmailLink'; token: string }
  | { flow: 'activationLink'; token: string; userName: string | undefined }
  | { flow: 'requiredChange'; change: PasswordChangeKind; credential: Credential }
  | { flow: 'changePassword'; credential: Credential }
  | { flow: 'legacyChange'; credential: Credential }
  | { flow: 'activate'; credential: Credential }
  | { flow: 'confirmEmail'; credential: Credential }
  /** An address this tab cannot resume (it needs a session or a credential the tab does not have). */
  | { flow: 'none' };

/** How the sign-in machine entered the flow; machines/account/accountStart.ts turns it into a start. */
export type AccountEntry =
  | { via: 'address'; route: Route }
  | { via: 'forgotPassword' }
  | { via: 'expressLink' }
  | { via: 'loginError'; code: number }
  | { via: 'passwordChange'; kind: string | undefined };

export type PasswordChangeKind = 'enforced' | 'oneTime';

export interface AccountInput {
  clientId: string;
  brandId: string;
  sessionId: string | undefined;
  localeId: string;
  /** How the sign-in machine words messages (brand, display, session id). */
  lookup: MessageLookup;
  /** The page's start-up query: emailed links continue to the app the user came from. */
  returnQuery: string;
  rememberMe: boolean;
  /** Spec §7 in-app activation's optional theme (the page's `theme` parameter). */
  theme: string | undefined;
  /** Spec §2 login_hint: whom a set-up link is for when the page is opened at sendRecoveryEmail. */
  loginHint: string | undefined;
  /** Where to start: given directly, or worked out from how the sign-in machine entered the flow. */
  start?: AccountStart | undefined;
  entry?: AccountEntry | undefined;
  credential?: Credential | undefined;
  authenticated?: boolean | undefined;
}

/** The fields of the spec §3 password-setup form and the other account forms, each with its own error. */
export type AccountField =
  | 'email'
  | 'number'
  | 'currentPassword'
  | 'password'
  | 'passwordRetype'
  | 'pin'
  | 'pinRetype'
  | 'code'
  | 'answer';

export interface AccountContext
  extends Omit<AccountInput, 'start' | 'entry' | 'credential' | 'authenticated'> {
  start: AccountStart;
  credential: Credential | undefined;
  /** What the recovery pages show in their field and route (email or number as typed). */
  identifier: string;
  /** Spec §2 sendRecoveryEmail/{setupPassword}: the link sets a first password. */
  setupPassword: boolean;
  token: string | undefined;
  /** Where the last email went, masked (spec §5). */
  maskedEmail: string | undefined;
  hasPin: boolean;
  /** For the checklist's no-account-information rules. */
  accountInfo: AccountInfo;
  numberOfLastUsedPasswords: number;
  passwordChange: PasswordChangeKind | 'change' | 'legacy';
  /** The account a finished flow signs in as next (reset complete, legacy change, activation link). */
  loginId: string | undefined;
  fieldErrors: Partial<Record<AccountField, UiMessage>>;
  /** A message for the form as a whole (a refused send, an unavailable service). */
  formError: UiMessage | undefined;
  /** An email just went out (announced politely on the sent pages). */
  emailSent: boolean;
  /** The session an emailed link or an activation code opened. */
  login: LoginResult | undefined;
  /** What ended the flow on a page of its own. */
  pageError: unknown;
}

/** The values of a submitted account form; a field the form does not have is absent. */
export type AccountFormValues = Partial<Record<AccountField, string>>;

export type AccountEvent =
  | { type: 'user.chooseRecovery'; via: 'email' | 'number' }
  | { type: 'user.submit'; values: AccountFormValues }
  | { type: 'user.send' }
  | { type: 'user.resend' }
  | { type: 'user.back' }
  | { type: 'user.continue' }
  | { type: 'user.retry' }
  | { type: 'route.changed'; route: Route }
  /** The language selector's choice, passed on by the sign-in machine (docs/i18n.md). */
  | { type: 'user.chooseLocale'; localeId: string };

/** How the flow ended, and what the sign-in machine does next. */
export type AccountOutput =
  /** A new sign-in as `loginId` (reset complete, legacy change, activation link, confirmed email). */
  | { outcome: 'signIn'; loginId: string }
  /** A link or an activation code opened a session: the sign-in continues as after a password. */
  | { outcome: 'authenticated'; login: LoginResult }
  /** The password was replaced in a signed-in session: the code request continues. */
  | { outcome: 'changed' }
  /** The user left the flow for the page they came from. */
  | { outcome: 'back' }
  /** A page of its own (spec §8 405 and 411: the link has expired; a call the flow cannot recover). */
  | { outcome: 'failed'; error: unknown }
  | { outcome: 'sessionExpired' };

export type AccountTag =
  | 'busy'
  /** The page waits for what it needs before it can show its form (the account's PIN rule, a link's facts). */
  | 'loading'
  /** The page's email has gone out: the confirm-email and activation pages show what follows it. */
  | 'mailSent'
  | 'screen.resetPassword'
  | 'screen.resetPasswordEmail'
  | 'screen.resetPasswordNumber'
  | 'screen.resetPasswordSend'
  | 'screen.resetPasswordSent'
  | 'screen.createPassword'
  | 'screen.resetComplete'
  | 'screen.expressLinkRequest'
  | 'screen.expressLinkSent'
  | 'screen.expressLink'
  | 'screen.enforceResetPassword'
  | 'screen.changeOneTimePassword'
  | 'screen.changePassword'
  | 'screen.changePasswordSuccess'
  | 'screen.legacyPasswordChange'
  | 'screen.activateAccount'
  | 'screen.activate'
  | 'screen.confirmEmail'
  | 'screen.confirmEmailLink';
