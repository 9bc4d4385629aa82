import { backendCode } from '../../api/contract/envelope.ts';
import type { IdentityEntrance } from '../../api/contract/identity.ts';
import { stateRefusal, usesSingleSignOn } from '../auth/account-state.ts';
import type { User } from '../auth/users.service.ts';
import { ApiFailure } from '../http/errors.ts';
import { RateLimited } from '../security/rate-limits.ts';

/**
 * Which accounts each entrance of the reference identity provider lets in: single sign-on is for
 * accounts set up for it (spec §8 SSO_DISABLE otherwise); Google and Apple for any account in good
 * standing, except where the company enforces single sign-on (ENFORCED_SSO_LOGIN_ONLY).
 */
export const identityRefusal =
  (entrance: IdentityEntrance) =>
  (user: User): ApiFailure | undefined => {
    if (entrance === 'sso') {
      return usesSingleSignOn(user)
        ? undefined
        : new ApiFailure(403, backendCode.ssoDisabled, 'This account does not use single sign-on');
    }
    if (user.state === 'sso_enforced') {
      return new ApiFailure(403, backendCode.enforcedSsoLoginOnly, 'The company allows single sign-on only');
    }
    return user.state === 'sso_enabled' ? undefined : stateRefusal(user);
  };

const TEXTS: Partial<Record<number, string>> = {
  [backendCode.loginFailed]: 'The email and password do not match.',
  [backendCode.accountLocked]: 'Too many wrong passwords: the account is locked. Try again later.',
  [backendCode.ssoDisabled]:
    'This account does not use single sign-on. Go back and sign in with your password.',
  [backendCode.enforcedSsoLoginOnly]:
    'Your company allows single sign-on only. Go back and choose single sign-on.',
};

/** What the identity provider's page shows for a refused sign-in, and with which status; undefined for a fault. */
export function identityRefusalPage(error: unknown): { text: string; status: 401 | 403 | 429 } | undefined {
  if (error instanceof RateLimited) return { text: `${error.message} (ray id ${error.rayId})`, status: 429 };
  if (!(error instanceof ApiFailure)) return undefined;
  return {
    text: TEXTS[error.code] ?? `This account cannot sign in here: ${error.message.toLowerCase()}.`,
    status: error.httpStatus === 401 ? 401 : 403,
  };
}
