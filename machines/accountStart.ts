import { type Credential, credentialSegment } from '../api/credential.ts';
import type { ApiError } from '../api/errors.ts';
import type { AccountStart } from './account/account.types.ts';
import type { Route } from './routes.ts';
import type { SignInContext } from './signIn.types.ts';

/** Login answers that open a page of the account flow instead of a message (spec §4, §8). */
const accountStateFlows = { 319: 'legacyChange', 361: 'confirmEmail', 371: 'activate' } as const;

export const isAccountStateCode = (code: number | undefined): code is keyof typeof accountStateFlows =>
  code === 319 || code === 361 || code === 371;

/** 319 (legacy password expired), 361 (not confirmed) or 371 (not activated) at sign-in. */
export function accountStartOfLoginError(error: ApiError, credential: Credential): AccountStart | undefined {
  const code = error.backendCode;
  return isAccountStateCode(code) ? { flow: accountStateFlows[code], credential } : undefined;
}

/** 412 from the code request, or a login reply that says so: the password must be replaced first. */
export const requiredChangeOf = (kind: string | undefined, credential: Credential): AccountStart => ({
  flow: 'requiredChange',
  change: kind === 'oneTime' ? 'oneTime' : 'enforced',
  credential,
});

/** "Forgot password?" on the password page: the recovery form for the account being signed in. */
export const recoveryStartOf = (credential: Credential | undefined): AccountStart => ({
  flow: 'recover',
  credential,
  route: !credential
    ? { name: 'resetPassword' }
    : credential.kind === 'email'
      ? { name: 'resetPasswordEmail', email: credential.loginEmail }
      : { name: 'resetPasswordNumber', number: credentialSegment(credential) },
});

type Resumable = Pick<SignInContext, 'stored' | 'params'>;

/**
 * A page of the account flow the address names at start-up (an emailed link, a recovery page, a
 * reload): where the flow starts, or undefined when the address cannot be resumed in this tab (a page
 * that needs a session or a credential this tab does not have starts the sign-in afresh).
 */
export function accountStartOfRoute(route: Route, context: Resumable): AccountStart | undefined {
  const { credential, authenticated } = context.stored;
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
      return { flow: 'activationLink', token: route.token, userName: context.params?.login_hint };
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
