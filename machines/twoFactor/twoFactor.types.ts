import type {
  ContactBy,
  ContactOption,
  DeliveryChannel,
  MfaSettings,
  TotpEnrolment,
} from '../../api/contract/twoFactor.ts';
import type { MessageLookup, UiMessage } from '../errors.ts';
import type { Route } from '../routes.ts';

/** What the sign-in machine hands the two-factor flow when a code request answers 306 or 224. */
export interface TwoFactorInput {
  clientId: string;
  /** The signed-in session the code request was for (its public id). */
  sessionId: string | undefined;
  localeId: string;
  /** How the sign-in machine words messages (brand, display, session id); the flow sets the scenario. */
  lookup: MessageLookup;
  /** The address the page was loaded with, when this flow is what a reload resumes. */
  resumeRoute: Route | undefined;
}

/**
 * What the copy button last did, and whether a code just went out (the first of this method, or one
 * asked for again): announced politely.
 */
export type TwoFactorNotice = 'codeSent' | 'codeResent' | 'secretCopied' | 'copyFailed';

export interface TwoFactorContext extends TwoFactorInput {
  settings: MfaSettings | undefined;
  /** The masked phone and email, one entry per method they allow (spec §3 contact methods). */
  contacts: ContactOption[];
  /** Methods the server refused for this account in this flow (321: calls to the number). */
  unavailable: DeliveryChannel[];
  /** The method being verified, and the masked contact its code went to (the route's {contactInfo}). */
  channel: ContactBy | undefined;
  maskedContact: string | undefined;
  /** A code went to `channel` in this flow, so its code entry can be returned to (back, forward). */
  codeSent: boolean;
  /** When the resend button becomes usable (epoch ms), for the countdown the page shows. */
  resendAvailableAt: number | undefined;
  resendAfterSeconds: number;
  /** How long the code last sent stays valid (send-code's `expiresInSeconds`); unknown after a reload. */
  codeExpiresInSeconds: number | undefined;
  /** When the code last sent went out (epoch ms): each resend's announcement names it, so none repeats. */
  codeSentAt: number | undefined;
  /** The authenticator secret being set up (GET mfa-totp). */
  enrolment: TotpEnrolment | undefined;
  fieldError: UiMessage | undefined;
  notice: TwoFactorNotice | undefined;
}

export type TwoFactorEvent =
  | { type: 'user.chooseMethod'; contactBy: ContactBy }
  | { type: 'user.submitCode'; code: string; trustDevice: boolean }
  | { type: 'user.resendCode' }
  | { type: 'user.chooseAnotherMethod' }
  | { type: 'user.copySecret' }
  | { type: 'user.continueSetup' }
  | { type: 'user.showSecret' }
  | { type: 'user.retry' }
  | { type: 'route.changed'; route: Route }
  /** The language selector's choice, passed on by the sign-in machine (docs/i18n.md). */
  | { type: 'user.chooseLocale'; localeId: string }
  /** Raised by the flow when a code asked for again has gone out: the expiry count starts over. */
  | { type: 'code.sent' };

/** How the flow ended: the second factor is done, or the session behind it has expired. */
export type TwoFactorOutput = { outcome: 'verified' } | { outcome: 'sessionExpired' };

export type TwoFactorTag =
  | 'busy'
  /** The sent code is about to expire (WCAG 2.2.1): the page warns once and offers a new one. */
  | 'codeExpiring'
  /** The sent code has expired: the page says so and offers a new one. */
  | 'codeExpired'
  | 'screen.twoFactorDispatcher'
  | 'screen.twoFactorOptions'
  | 'screen.twoFactorVerify'
  | 'screen.twoFactorSetup';
