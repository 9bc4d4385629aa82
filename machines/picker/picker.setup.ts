import { assign, sendTo, setup } from 'xstate';
import type { SignedInAccount } from '../../api/contract/session.ts';
import { parseCredential } from '../../api/credential.ts';
import { type PickerAccount, withoutAccount, writeRememberedAccounts } from '../accounts.ts';
import { listSessions, signOut } from '../actors.ts';
import { flowGuards } from '../flowHead.ts';
import { browserLocalStorage } from '../persistence.ts';
import type { PickerContext, PickerEvent, PickerInput, PickerOutput, PickerTag } from './picker.types.ts';
import { pickerAccounts } from './pickerRows.ts';

type Args = { context: PickerContext; event: PickerEvent };
type Accounts = { accounts: SignedInAccount[] };

/** The picker's rows as the context stands. */
export const rowsOf = (context: PickerContext): PickerAccount[] =>
  pickerAccounts(context.rememberedAccounts, context.signedInAccounts ?? []);

/** The row an event names (choose, forget, sign out), if it is one of the rows shown. */
export function rowOf(context: PickerContext, event: PickerEvent): PickerAccount | undefined {
  if (!('loginId' in event) || typeof event.loginId !== 'string') return undefined;
  return rowsOf(context).find((row) => row.loginId === event.loginId);
}

/** The public session id an event's sign-out ends: the named row's, when it is signed in. */
export const sessionToEnd = (context: PickerContext, event: PickerEvent) => rowOf(context, event)?.sessionId;

/** The row's account as the event names it (the guards have checked it is a row). */
const loginIdOf = (event: PickerEvent) => ('loginId' in event ? event.loginId : '');

/** The picker flow's guards, actions and actors, by name (house rule 1). */
export const pickerSetup = setup({
  types: {
    context: {} as PickerContext,
    events: {} as PickerEvent,
    input: {} as PickerInput,
    output: {} as PickerOutput,
    tags: {} as PickerTag,
  },
  actors: { listSessions, signOut },
  guards: {
    ...flowGuards,
    hasAccountsListed: ({ context }: Args) => context.signedInAccounts !== undefined,
    hasNoPickerAccounts: ({ context }: Args) => rowsOf(context).length === 0,
    // A forced start (prompt=login, max_age) re-authenticates even an account that is signed in.
    isChosenAccountSignedIn: ({ context, event }: Args) =>
      event.type === 'user.chooseAccount' &&
      rowOf(context, event)?.sessionId !== undefined &&
      !context.forcedStart,
    isChosenAccountKnown: ({ context, event }: Args) =>
      event.type === 'user.chooseAccount' && parseCredential(rowOf(context, event)?.loginId ?? '').ok,
    isSignedInRow: ({ context, event }: Args) => sessionToEnd(context, event) !== undefined,
    canUsePasskeys: ({ context }: Args) => context.passkeysUsable,
  },
  actions: {
    assignSignedInAccounts: assign({ signedInAccounts: (_, params: Accounts) => params.accounts }),
    forgetAccount: assign(({ context, event }) => {
      if (event.type !== 'user.forgetAccount' || typeof event.loginId !== 'string') return {};
      const rememberedAccounts = withoutAccount(context.rememberedAccounts, event.loginId);
      writeRememberedAccounts(browserLocalStorage(), rememberedAccounts);
      return {
        rememberedAccounts,
        accountNotice: { kind: 'forgotten' as const, account: event.loginId },
      };
    }),
    // The row being signed out is kept in the notice, so the outcome can name it.
    assignSigningOutNotice: assign(({ event }) => ({
      accountNotice: { kind: 'signingOut' as const, account: loginIdOf(event) },
    })),
    assignSignedOutNotice: assign({
      accountNotice: ({ context }) => ({
        kind: 'signedOut' as const,
        account: context.accountNotice?.account ?? '',
      }),
    }),
    assignSignOutFailure: assign({
      accountNotice: ({ context }) => ({
        kind: 'signOutFailed' as const,
        account: context.accountNotice?.account ?? '',
      }),
    }),
    clearAccountNotice: assign({ accountNotice: undefined }),
    /**
     * The sign-in machine keeps its own copy of the lists (going back to the picker, remembering the
     * next sign-in, the offline alert on a failed call): told whenever they change. Alone, as the model
     * tests run it, the flow has no parent and tells itself, which takes no such event.
     */
    tellAccounts: sendTo(
      ({ self }) => self._parent ?? self,
      ({ context }, params: { error?: unknown } | undefined) => ({
        type: 'picker.accounts' as const,
        rememberedAccounts: context.rememberedAccounts,
        signedInAccounts: context.signedInAccounts,
        error: params?.error,
      }),
    ),
  },
});
