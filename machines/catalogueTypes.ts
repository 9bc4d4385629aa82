import type { MessageId } from '../i18n/messages.ts';

/**
 * The error catalogue's vocabulary (spec §8): a leaf module, so the first screen's messages
 * (catalogueUi.ts), the catalogue tables (catalogueMessages.ts) and the machine's errors all import
 * it one way.
 */

/** Error messages are the `errors.*` ids of the English catalogue, so a missing text fails type-checking. */
export type ErrorMessageId = Extract<MessageId, `errors.${string}`>;

export type Scenario =
  | 'Default'
  | 'TwoFactor'
  | 'MFA'
  | 'ResetPassword'
  | 'FormValidation'
  | 'SSO'
  | 'PARTNER';
export type AppType = 'SW' | 'GLIP';

/** Where a message may send the user (spec §8); the view resolves each kind to a brand URL or leaves it out. */
export type MessageLinkKind =
  | 'resetPassword'
  | 'ssoSignIn'
  | 'supportPhone'
  | 'help'
  | 'changePassword'
  | 'signUp'
  | 'troubleshooting';

export interface CatalogueEntry {
  readonly id: ErrorMessageId;
  readonly links?: readonly MessageLinkKind[];
  /** The wording when the username is an email (spec §8: 304 on an email, email login failed). */
  readonly email?: CatalogueEntry;
  /**
   * The wording when the credential is a phone number typed without an extension: an account's number
   * may need its extension (spec §5), and the page says how to add one without saying whether any
   * account has it.
   */
  readonly noExtension?: CatalogueEntry;
  /** The wording for a company administrator (spec §6: admin=true in the error parameters). */
  readonly admin?: CatalogueEntry;
  /** Spec §8: the wording when the reply carries a ray id (HTTP 429), which quotes it. */
  readonly withRay?: ErrorMessageId;
  /** The wording when the reply says how long to wait (`errorParameters.retryAfterSeconds`), in minutes. */
  readonly withWait?: ErrorMessageId;
  /** The wording when the reply says both how long to wait and its ray id (HTTP 429 with Retry-After). */
  readonly withWaitAndRay?: ErrorMessageId;
}

/** What the lookup may vary on. Every field is optional: the defaults are Default, page, SW, any brand. */
export interface CatalogueLookup {
  readonly scenario?: Scenario | undefined;
  readonly display?: string | undefined;
  readonly appType?: AppType | undefined;
  readonly brandId?: string | undefined;
}
