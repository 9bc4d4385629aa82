import { assign } from 'xstate';
import type { SignedInAccount } from '../api/contract/session.ts';
import { parseCredential } from '../api/credential.ts';
import { toApiError } from '../api/errors.ts';
import { type SessionStart, sessionStart } from '../api/startupRule.ts';
import type { PickerAccount } from './accounts.ts';
import { credentialOf, isConnectionProblem } from './signIn.context.ts';
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

/** What a signed-in account brings to the code request: its session, and who it is for the screens. */
const continueAs = (account: SignedInAccount) => ({
  authenticated: true,
  sessionId: account.sessionId,
  accountName: account.displayName,
  ...credentialOf(account.loginId),
});

/**
 * The returning-user part of the statechart (issue "Returning users"): the session check of a start
 * without force, the way into the account picker (a flow of its own, machines/picker/) and what its
 * rows lead to, and the signed-out page. Its guards and actions join the one setup
 * here so machines/signIn.setup.ts stays the start-up and credential core.
 */
export const signInAccountsSetup = signInSsoSetup.extend({
  guards: {
    isSelectAccountPrompt: ({ context }: Args) => context.params?.prompt.includes('select_account') === true,
    hasLoginHint: ({ context }: Args) => parseCredential(context.params?.login_hint?.trim() ?? '').ok,
    // Spec §4 Start: the one rule /oauth/authorize also decides by (api/startupRule.ts).
    isSessionStart: ({ context }: Args, params: Accounts & { steps: readonly SessionStep[] }) =>
      params.steps.includes(startOf(context, params.accounts).step),
    // The picker's rows are the remembered accounts and the signed-in ones (machines/accounts.ts).
    hasPickerAccounts: ({ context }: Args) =>
      context.rememberedAccounts.length > 0 || (context.signedInAccounts?.length ?? 0) > 0,
    hasApp: ({ context }: Args) => context.params?.appUrlScheme !== undefined,
    isResumingPicker: ({ context }: Args) => context.initialRoute.name === 'selectAccount',
    isResumingSignedOut: ({ context }: Args) => context.initialRoute.name === 'signedOut',
    // The picker tells its lists after every change; only a failed listing or sign-out carries an error.
    hasPickerFailure: ({ event }: Args) => event.type === 'picker.accounts' && event.error !== undefined,
    isConnectionFailure: (_: Args, params: { error: unknown }) =>
      isConnectionProblem(toApiError(params.error).code),
  },
  actions: {
    assignSignedInAccounts: assign({ signedInAccounts: (_, params: Accounts) => params.accounts }),
    continueWithSession: assign(({ context }, params: Accounts) => {
      const start = startOf(context, params.accounts);
      return 'account' in start ? continueAs(start.account) : {};
    }),
    // The picker's outcomes (machines/picker/): a signed-in row continues with its session.
    continueWithChosenSession: assign((_, row: PickerAccount) =>
      row.sessionId ? continueAs({ ...row, sessionId: row.sessionId, signedInAt: '' }) : {},
    ),
    // Not signed in (or a forced start): its password page, after login-info as if it had been typed.
    assignChosenAccount: assign((_, row: { loginId: string }) => ({
      ...credentialOf(row.loginId),
      authenticated: false,
      sessionId: undefined,
      fieldError: undefined,
    })),
    clearCredential: assign({
      credential: undefined,
      credentialText: '',
      authenticated: false,
      sessionId: undefined,
    }),
    // The picker's lists as it changed them (forgotten, signed out), and a failed call's offline alert.
    assignPickerAccounts: assign(({ event }) =>
      event.type === 'picker.accounts'
        ? { rememberedAccounts: event.rememberedAccounts, signedInAccounts: event.signedInAccounts }
        : {},
    ),
    // Back to the picker from a later page: it lists the accounts anew.
    forgetSignedInAccounts: assign({ signedInAccounts: undefined }),
  },
});
