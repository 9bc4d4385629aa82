import { type Credential, credentialSegment } from '../../api/credential.ts';
import type { Route } from '../routes.ts';
import type { AccountEntry, AccountStart } from './account.types.ts';

/** Login answers that open a page of the account flow instead of a message (spec §4, §8). */
const accountStateFlows: Readonly<Record<number, 'legacyChange' | 'confirmEmail' | 'activate'>> = {
  319: 'legacyChange',
  361: 'confirmEmail',
  371: 'activate',
};

/** 412 from the code request, or a login reply that says so: the password must be replaced first. */
const requiredChangeOf = (kind: string | undefined, credential: Credential): AccountStart => ({
  flow: 'requiredChange',
  change: kind === 'oneTime' ? 'oneTime' : 'enforced',
  credential,
});

/** "Forgot password?" on the password page: the recovery form for the account being signed in. */
const recoveryStartOf = (credential: Credential | undefined): AccountStart => ({
  flow: 'recover',
  credential,
  route: !credential
    ? { name: 'resetPassword' }
    : credential.kind === 'email'
      ? { name: 'resetPasswordEmail', email: credential.loginEmail }
      : { name: 'resetPasswordNumber', number: credentialSegment(credential) },
});

/** What the sign-in machine knows when it enters the flow. */
interface SignInFacts {
  credential: Credential | undefined;
  authenticated: boolean;
  loginHint: string | undefined;
}

/**
 * A page of the account flow the address names at start-up (an emailed link, a recovery page, a
 * reload): where the flow starts, or undefined when the address cannot be resumed in this tab (a page
 * that needs a session or a credential this tab does not have starts the sign-in afresh).
 */
function accountStartOfRoute(route: Route, facts: SignInFacts): AccountStart | undefined {
  const { credential, authenticated } = facts;
  switch (route.name) {
    case 'resetPassword':
    case 'resetPasswordEmail':
    case 'resetPasswordNumber':
    case 'resetPasswordSend':
      return { flow: 'recover', route };
    case 'createPassword':
      return { flow: 'createPassword', token: route.token };
    case 'expressLink':
      return { flow: 'expressSignIn', token: route.token };
    case 'confirmEmailLink':
      return { flow: 'confirmEmailLink', token: route.token };
    case 'activate':
      return { flow: 'activationLink', token: route.token, userName: facts.loginHint };
    case 'legacyPasswordChange':
      return credential ? { flow: 'legacyChange', credential } : undefined;
    case 'changePassword':
      return credential && authenticated ? { flow: 'changePassword', credential } : undefined;
    case 'activateAccount':
      return credential ? { flow: 'activate', credential } : undefined;
    case 'confirmEmail':
    case 'expressLinkRequest':
      return credential
        ? { flow: route.name === 'confirmEmail' ? 'confirmEmail' : 'expressLink', credential }
        : undefined;
    default:
      return undefined;
  }
}

/**
 * Where the flow starts, from how the sign-in machine entered it (the mapping lives here, in the
 * flow's chunk, so the first screen carries only the entry). An address this tab cannot resume starts
 * nowhere: the flow ends at once and the sign-in starts afresh.
 */
export function accountStartOf(entry: AccountEntry, facts: SignInFacts): AccountStart {
  const { credential } = facts;
  const none = { flow: 'none' } as const;
  switch (entry.via) {
    case 'address':
      return accountStartOfRoute(entry.route, facts) ?? none;
    case 'forgotPassword':
      return recoveryStartOf(credential);
    case 'expressLink':
      return credential ? { flow: 'expressLink', credential } : none;
    case 'loginError': {
      const flow = accountStateFlows[entry.code];
      return flow && credential ? { flow, credential } : none;
    }
    case 'passwordChange':
      return credential ? requiredChangeOf(entry.kind, credential) : none;
  }
}
