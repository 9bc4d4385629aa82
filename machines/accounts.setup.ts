import { assign } from 'xstate';
import type { SignedInAccount } from '../api/contract/session.ts';
import { parseCredential } from '../api/credential.ts';
import { toApiError } from '../api/errors.ts';
import { type SessionStart, sessionStart } from '../api/startupRule.ts';
import { type PickerAccount, pickerAccounts, withoutAccount, writeRememberedAccounts } from './accounts.ts';
import { browserLocalStorage } from './persistence.ts';
import { credentialOf, isConnectionProblem, isForcedStart } from './signIn.context.ts';
import type { SignInContext, SignInEvent } from './signIn.types.ts';
import { signInSsoSetup } from './sso.setup.ts';

type Args = { context: SignInContext; event: SignInEvent };
type Accounts = { accounts: SignedInAccount[] };

type SessionStep = SessionStart<SignedInAccount>['step'];
/** Where the signed-in accounts lead a start that was not forced (no parameters: none lead anywhere). */
const startOf = (
  context: SignInContext,
  accounts: readonly SignedInAccount[],
): SessionStart<SignedInAccount> =>
  context.params ? sessionStart(context.params, accounts) : { step: 'firstScreen', reason: 'signedOut' };

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
    // Spec §4 Start: the one rule /oauth/authorize also decides by (api/startupRule.ts).
    isSessionStart: ({ context }: Args, params: Accounts & { steps: readonly SessionStep[] }) =>
      params.steps.includes(startOf(context, params.accounts).step),
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
    continueWithSession: assign(({ context }, params: Accounts) => {
      const start = startOf(context, params.accounts);
      return 'account' in start ? continueAs(start.account) : {};
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
