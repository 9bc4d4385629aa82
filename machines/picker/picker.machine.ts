import type { SignedInAccount } from '../../api/contract/session.ts';
import { pickerSetup, rowOf, sessionToEnd } from './picker.setup.ts';
import type { PickerContext, PickerEvent } from './picker.types.ts';

// The picker's page reads its rows through this module, so the machine and its setup are one chunk.
export { rowsOf } from './picker.setup.ts';

type Args = { context: PickerContext; event: PickerEvent };
/** The accounts a listing or sign-out answered with (parsed by the contract; an absent one is none). */
const accountsOf = ({ event }: { event: { output?: unknown } }) => ({
  accounts: Array.isArray(event.output) ? (event.output as SignedInAccount[]) : [],
});
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const signOutFailed = {
  target: 'showingAccounts',
  actions: ['assignSignOutFailure', { type: 'tellAccounts', params: errorOf }],
} as const;
const loginIdOf = ({ event }: Args) => ('loginId' in event ? event.loginId : '');

/**
 * Spec §2 /selectAccount (docs/sessions.md): continue as a remembered or signed-in account, use another,
 * forget one, sign out of one, of all, or everywhere, a row's passkey or its passkeys. The sign-in
 * machine invokes it from `choosingAccount` (machines/states/accounts.ts) and takes each outcome on.
 */
export const pickerMachine = pickerSetup.createMachine({
  id: 'picker',
  context: ({ input }) => ({ ...input, accountNotice: undefined }),
  output: ({ event }) => (event as unknown as { output: never }).output,
  initial: 'starting',
  states: {
    // The sign-in machine's session check has just listed the accounts, or the picker lists them now.
    starting: {
      always: [{ guard: 'hasAccountsListed', target: 'showingAccounts' }, { target: 'loadingAccounts' }],
    },
    loadingAccounts: {
      tags: ['screen.selectAccount', 'busy'],
      invoke: {
        id: 'listAccountSessions',
        src: 'listSessions',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: {
          target: 'showingAccounts',
          actions: { type: 'assignSignedInAccounts', params: accountsOf },
        },
        // Without the list the remembered accounts still show, none marked signed in.
        onError: {
          target: 'showingAccounts',
          actions: [
            { type: 'assignSignedInAccounts', params: { accounts: [] } },
            { type: 'tellAccounts', params: errorOf },
          ],
        },
      },
    },
    showingAccounts: {
      tags: ['screen.selectAccount'],
      entry: { type: 'tellAccounts', params: {} },
      // The last row forgotten or signed out: nothing left to choose from.
      always: { guard: 'hasNoPickerAccounts', target: 'noAccounts' },
      on: {
        // Spec §9 'continue-with start': a remembered account chosen; 'manual': another one typed in.
        'user.chooseAccount': [
          { guard: 'isChosenAccountSignedIn', target: 'continueSession' },
          { guard: 'isChosenAccountKnown', target: 'chooseAccount' },
        ],
        'user.useAnotherAccount': { target: 'useAnother' },
        'user.forgetAccount': [
          // Removing a signed-in account from this browser signs it out too, or it would come back.
          {
            guard: 'isSignedInRow',
            target: 'signingOut',
            actions: ['forgetAccount', 'assignSigningOutNotice'],
          },
          { actions: ['forgetAccount', { type: 'tellAccounts', params: {} }] },
        ],
        'user.signOut': { guard: 'isSignedInRow', target: 'signingOut', actions: 'assignSigningOutNotice' },
        'user.signOutAll': { target: 'signingOutAll', actions: 'clearAccountNotice' },
        // Also in every other browser, and the apps' tokens revoked (docs/sessions.md).
        'user.signOutEverywhere': { target: 'signingOutAll', actions: 'clearAccountNotice' },
        // A row that signed in with a passkey here offers it; a signed-in row lists its passkeys.
        'user.signInWithPasskey': { guard: 'canUsePasskeys', target: 'signInWithPasskey' },
        'user.managePasskeys': { guard: 'canUsePasskeys', target: 'managePasskeys' },
      },
    },
    signingOut: {
      tags: ['screen.selectAccount', 'busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context, event }) => ({
          clientId: context.clientId,
          sessionId: sessionToEnd(context, event),
        }),
        onDone: {
          target: 'showingAccounts',
          actions: [{ type: 'assignSignedInAccounts', params: accountsOf }, 'assignSignedOutNotice'],
        },
        onError: signOutFailed,
      },
    },
    signingOutAll: {
      tags: ['screen.selectAccount', 'busy'],
      invoke: {
        id: 'signOutAll',
        src: 'signOut',
        input: ({ context, event }) => ({
          clientId: context.clientId,
          everywhere: event.type === 'user.signOutEverywhere',
        }),
        onDone: {
          target: 'signedOut',
          actions: [
            { type: 'assignSignedInAccounts', params: accountsOf },
            { type: 'tellAccounts', params: {} },
          ],
        },
        onError: signOutFailed,
      },
    },
    continueSession: {
      type: 'final',
      output: ({ context, event }) => ({
        outcome: 'continueSession' as const,
        account: rowOf(context, event) ?? { loginId: '', displayName: '', brandId: '', remembered: false },
      }),
    },
    chooseAccount: {
      type: 'final',
      output: (args) => ({ outcome: 'chooseAccount' as const, loginId: loginIdOf(args) }),
    },
    useAnother: { type: 'final', output: { outcome: 'useAnother' } },
    noAccounts: { type: 'final', output: { outcome: 'noAccounts' } },
    signedOut: { type: 'final', output: { outcome: 'signedOut' } },
    signInWithPasskey: {
      type: 'final',
      output: (args) => ({ outcome: 'signInWithPasskey' as const, loginId: loginIdOf(args) }),
    },
    managePasskeys: {
      type: 'final',
      output: ({ event }) => ({
        outcome: 'managePasskeys' as const,
        sessionId: event.type === 'user.managePasskeys' ? event.sessionId : '',
      }),
    },
  },
});
