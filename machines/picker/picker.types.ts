import type { SignedInAccount } from '../../api/contract/session.ts';
import type { PickerAccount, RememberedAccount } from '../accounts.ts';
import type { FlowInput } from '../flowInput.ts';
import type { Route } from '../routeTypes.ts';

/**
 * The account picker (spec §2 /selectAccount, docs/sessions.md) as a flow of its own: the sign-in
 * machine invokes it as `chooseAccount` from `choosingAccount` (machines/states/accounts.ts) once it
 * knows the picker is the page to show; what a row leads to is the sign-in machine's.
 */
export interface PickerInput extends FlowInput {
  rememberedAccounts: RememberedAccount[];
  /** The accounts signed in here, when the sign-in machine has just listed them; else the flow lists them. */
  signedInAccounts: SignedInAccount[] | undefined;
  /** prompt=login or max_age: a signed-in account chosen signs in again. */
  forcedStart: boolean;
  /** The brand and the browser allow passkeys (the rows offer them). */
  passkeysUsable: boolean;
}

/** The account picker's last outcome; `account` is the row's login id (the view masks it). */
export interface AccountNotice {
  kind: 'forgotten' | 'signingOut' | 'signedOut' | 'signOutFailed';
  account: string;
}

export interface PickerContext extends PickerInput {
  /** What the picker last did, announced politely (an account signed out or forgotten). */
  accountNotice: AccountNotice | undefined;
}

export type PickerOutput =
  /** A signed-in row (and no forced start): the code request, with its session. */
  | { outcome: 'continueSession'; account: PickerAccount }
  /** A row that is not signed in (or a forced start): its password page, as if its id had been typed. */
  | { outcome: 'chooseAccount'; loginId: string }
  | { outcome: 'useAnother' }
  /** The last row forgotten or signed out: nothing left to choose from. */
  | { outcome: 'noAccounts' }
  /** Signed out of every account here (or everywhere): the signed-out page. */
  | { outcome: 'signedOut' }
  | { outcome: 'signInWithPasskey'; loginId: string }
  | { outcome: 'managePasskeys'; sessionId: string }
  | { outcome: 'sessionExpired' };

export type PickerEvent =
  | { type: 'user.chooseAccount'; loginId: string }
  | { type: 'user.useAnotherAccount' }
  | { type: 'user.forgetAccount'; loginId: string }
  | { type: 'user.signOut'; loginId: string }
  | { type: 'user.signOutAll' }
  | { type: 'user.signOutEverywhere' }
  | { type: 'user.signInWithPasskey'; loginId: string }
  | { type: 'user.managePasskeys'; sessionId: string }
  /** Forwarded by the sign-in machine; the picker has no pages of its own to move between. */
  | { type: 'route.changed'; route: Route };

export type PickerTag = 'busy' | 'screen.selectAccount';
