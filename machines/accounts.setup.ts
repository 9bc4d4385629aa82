import { assign } from 'xstate';
import type { SignedInAccount } from '../api/contract/session.ts';
import { parseCredential } from '../api/credential.ts';
import { toApiError } from '../api/errors.ts';
import {
  accountHinted,
  type PickerAccount,
  pickerAccounts,
  withoutAccount,
  writeRememberedAccounts,
} from './accounts.ts';
import { browserLocalStorage } from './persistence.ts';
import { credentialOf, isConnectionProblem, isForcedStart } from './signIn.context.ts';
import type { SignInContext, SignInEvent } from './signIn.types.ts';
import { signInSsoSetup } from './sso.setup.ts';

type Args = { context: SignInContext; event: SignInEvent };
type Accounts = { accounts: SignedInAccount[] };

/** The picker's rows as the context stands. */
export const pickerAccountsOf = (context: SignInContext): PickerAccount[] =>
  pickerAccounts(context.rememberedAccounts, context.signedInAccounts ?? []);

/** The picker row an event names (choose, forget, sign out), if it is one of the rows shown. */
function rowOf(context: SignInContext, event: SignInEvent): PickerAccount | undefined {
  if (!('loginId' in event) || typeof event.loginId !== 'string') return undefined;
  return pickerAccountsOf(context).find((row) => row.loginId === event.loginId);
}

/** The public session id an event's sign-out ends: the named row's, when it is signed in. */
export const sessionToEnd = (context: SignInContext, event: SignInEvent) => rowOf(context, event)?.sessionId;

/** What a signed-in account brings to the code request: its session, and who it is for the screens. */
const continueAs = (account: SignedInAccount) => ({
  authenticated: true,
  sessionId: account.sessionId,
  accountName: account.displayName,
  ...credentialOf(account.loginId),
});

/**
 * The returning-user part of the statechart (issue "Returning users"): the session check of a start
 * without force, the account picker and the signed-out page. Its guards and actions join the one setup
 * here so machines/signIn.setup.ts stays the start-up and credential core.
 */
export const signInAccountsSetup = signInSsoSetup.extend({
  guards: {
    isSelectAccountPrompt: ({ context }: Args) => context.params?.prompt.includes('select_account') === true,
    hasLoginHint: ({ context }: Args) => parseCredential(context.params?.login_hint?.trim() ?? '').ok,
    hasHintedSession: ({ context }: Args, params: Accounts) =>
      accountHinted(params.accounts, context.params?.login_hint) !== undefined,
    hasOneSession: (_: Args, params: Accounts) => params.accounts.length === 1,
    hasSessions: (_: Args, params: Accounts) => params.accounts.length > 0,
    hasPickerAccounts: ({ context }: Args) => pickerAccountsOf(context).length > 0,
    hasNoPickerAccounts: ({ context }: Args) => pickerAccountsOf(context).length === 0,
    hasSignedInAccountsLoaded: ({ context }: Args) => context.signedInAccounts !== undefined,
    // A forced start (prompt=login, max_age) re-authenticates even an account that is signed in.
    isChosenAccountSignedIn: ({ context, event }: Args) =>
      event.type === 'user.chooseAccount' &&
      rowOf(context, event)?.sessionId !== undefined &&
      !isForcedStart(context),
    isChosenAccountKnown: ({ context, event }: Args) =>
      event.type === 'user.chooseAccount' && parseCredential(rowOf(context, event)?.loginId ?? '').ok,
    isSignedInRow: ({ context, event }: Args) => sessionToEnd(context, event) !== undefined,
    hasApp: ({ context }: Args) => context.params?.appUrlScheme !== undefined,
    isResumingPicker: ({ context }: Args) => context.initialRoute.name === 'selectAccount',
    isResumingSignedOut: ({ context }: Args) => context.initialRoute.name === 'signedOut',
    isConnectionFailure: (_: Args, params: { error: unknown }) =>
      isConnectionProblem(toApiError(params.error).code),
  },
  actions: {
    assignSignedInAccounts: assign({ signedInAccounts: (_, params: Accounts) => params.accounts }),
    continueWithHintedSession: assign(({ context }, params: Accounts) => {
      const account = accountHinted(params.accounts, context.params?.login_hint);
      return account ? continueAs(account) : {};
    }),
    continueWithOnlySession: assign((_, params: Accounts) => {
      const [account] = params.accounts;
      return account ? continueAs(account) : {};
    }),
    continueWithChosenSession: assign(({ context, event }) => {
      const row = rowOf(context, event);
      return row?.sessionId ? continueAs({ ...row, sessionId: row.sessionId, signedInAt: '' }) : {};
    }),
    // Not signed in (or a forced start): its password page, after login-info as if it had been typed.
    assignChosenAccount: assign(({ context, event }) => ({
      ...credentialOf(rowOf(context, event)?.loginId ?? ''),
      authenticated: false,
      sessionId: undefined,
      fieldError: undefined,
      accountNotice: undefined,
    })),
    clearCredential: assign({
      credential: undefined,
      credentialText: '',
      authenticated: false,
      sessionId: undefined,
      accountNotice: undefined,
    }),
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
    assignSigningOutNotice: assign(({ event }) =>
      'loginId' in event && typeof event.loginId === 'string'
        ? { accountNotice: { kind: 'signingOut' as const, account: event.loginId } }
        : {},
    ),
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
  },
});
