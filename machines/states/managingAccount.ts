import type { AccountOutput } from '../account/account.types.ts';
import { signInFlowsSetup } from '../flows.setup.ts';
import { joinFlow, toFailedOutcome } from './joinFlow.ts';
import { flowOutcome, requireValue, toConsentOrCode } from './shared.ts';

type Done = { event: { output: AccountOutput } };
const outcome = (name: AccountOutput['outcome']) => flowOutcome<AccountOutput>(name);
const loginOf = ({ event }: Done) => (event.output.outcome === 'authenticated' ? event.output.login : {});

/**
 * Spec §2 password and account families: the account flow (machines/account/, loaded as a chunk)
 * runs here. It is entered from the password page (forgot password, email me a sign-in link), from
 * the login's 319, 361 and 371, from a password change the login or the code request requires (412),
 * and from an address (an emailed link, a recovery page); its outcome says where the sign-in goes on.
 */
export const managingAccount = signInFlowsSetup.createStateConfig({
  ...joinFlow({
    id: 'account',
    src: 'manageAccount',
    tag: 'screen.account',
    input: (context) => ({
      returnQuery: context.search,
      rememberMe: context.rememberMe,
      theme: context.params?.theme,
      loginHint: context.params?.login_hint,
      entry: requireValue(context.accountEntry, 'accountEntry'),
      credential: context.credential,
      authenticated: context.authenticated,
    }),
    outcomes: [
      toFailedOutcome,
      {
        guard: outcome('authenticated'),
        target: '#signIn.managingAccount.continuing',
        actions: [{ type: 'markAuthenticated', params: loginOf }, 'persistSignIn'],
      },
      { guard: outcome('changed'), target: '#signIn.managingAccount.continuing' },
      {
        guard: outcome('signIn'),
        target: '#signIn.authenticating.enterPassword',
        actions: {
          type: 'assignAccountLoginId',
          params: ({ event }: Done) => ({
            loginId: event.output.outcome === 'signIn' ? event.output.loginId : '',
          }),
        },
      },
      { guard: 'hasCredential', target: '#signIn.authenticating.enterPassword' },
      { target: '#signIn.identifying.enterCredential' },
    ],
  }),
  initial: 'running',
  states: {
    running: {},
    /** Signed in by a link or an activation code, or the password replaced: consent, then the code. */
    continuing: toConsentOrCode,
  },
});
