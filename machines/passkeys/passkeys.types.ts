import type { AuthenticationResponse, PasskeySummary } from '../../api/contract/passkeys.ts';
import type { FlowInput } from '../flowInput.ts';
import type { Route } from '../routeTypes.ts';
import type { UiMessage } from '../uiMessage.ts';

/**
 * The passkeys flow (docs/passkeys.md): after a password sign-in it offers once to create a passkey
 * ("Sign in faster next time"), and from the account picker it lists an account's passkeys to remove
 * one or add another. The sign-in machine invokes it as `offerPasskeys` from `offeringPasskey`.
 */
export type PasskeysEntry =
  /** After a password (and second factor where one is due): the offer, if the server says it is due. */
  | { kind: 'offer' }
  /** The account picker's Passkeys link for a signed-in account (its session's public id). */
  | { kind: 'manage'; sessionId: string };

export interface PasskeysInput extends FlowInput {
  entry: PasskeysEntry;
}

export type PasskeysOutput =
  /** The sign-in goes on; `created` when a passkey was made here (the picker then offers it). */
  | { outcome: 'continued'; created: boolean }
  /** The account still owes its second factor: the offer comes once it is given. */
  | { outcome: 'afterSecondFactor' }
  /** The picker's management page was left: back to the picker. */
  | { outcome: 'closed' }
  | { outcome: 'sessionExpired' };

export interface PasskeysContext extends PasskeysInput {
  passkeys: PasskeySummary[];
  /** A passkey was created in this flow (the management page says it is ready). */
  created: boolean;
  /** The passkey being removed, then the removed one's name for the page's notice. */
  removingId: string | undefined;
  removedName: string | undefined;
  /** The list could not be loaded: the page offers Try again. */
  listFailed: boolean;
  /** A refused or failed call, or the browser's refusal, worded by the catalogue. */
  formError: UiMessage | undefined;
}

export type PasskeysEvent =
  | { type: 'user.createPasskey' }
  | { type: 'user.notNow' }
  | { type: 'user.removePasskey'; passkeyId: string }
  | { type: 'user.continue' }
  | { type: 'user.retry' }
  /** Forwarded by the sign-in machine: back and forward between the offer and the list. */
  | { type: 'route.changed'; route: Route };

export type PasskeysTag = 'busy' | 'screen.passkeyOffer' | 'screen.passkeyList';

/** A passkey the browser vouched for, with the challenge it answered; the server verifies it. */
export interface PasskeyAssertion {
  challengeId: string;
  credential: AuthenticationResponse;
}
