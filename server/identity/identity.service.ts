import { backendCode } from '../../api/contract/backendCodes.ts';
import type { IdentityEntrance } from '../../api/contract/identity.ts';
import { stateRefusal, usesSingleSignOn } from '../auth/account-state.ts';
import { maySignInWithSso } from '../auth/login-options.ts';
import type { User } from '../auth/users.service.ts';
import type { Brand } from '../config/config.service.ts';
import { ApiFailure } from '../http/errors.ts';
import { RateLimited } from '../security/rate-limits.ts';
import type { IdentityRequest } from './identity.requests.ts';

/**
 * How a sign-in at the reference identity provider ended when it did not sign anyone in, as the SPA
 * is told (docs/notices.md "SSO notices"): the identity is not the one the user started with, the
 * provider or Foyer refused it (a spec §8 code, or one of the SPA's SSO codes), or the request expired.
 */
export type IdentityFailure =
  | { kind: 'mismatch'; identity: string }
  | { kind: 'refused'; code: string }
  | { kind: 'expired' };

/** The SPA's code for a backend refusal, as on its error routes (/error/API_ERROR_208). */
const refusedWith = (code: number): IdentityFailure => ({ kind: 'refused', code: `API_ERROR_${code}` });

/**
 * Which accounts each entrance lets in, once the provider has identified the person: single sign-on
 * for accounts set up for it (502 when their company has it turned off, 501 when the account does not
 * use it); Google and Apple for any account in good standing except where the company enforces single
 * sign-on (508). Account states refuse with their own codes, as on the password route.
 */
export function entranceRefusal(
  entrance: IdentityEntrance,
  user: User,
  brand: Brand,
): ApiFailure | undefined {
  if (entrance === 'sso') {
    if (!brand.ssoEnabled)
      return new ApiFailure(
        403,
        backendCode.ssoDisabledForBrand,
        'The company has single sign-on turned off',
      );
    if (!maySignInWithSso(user))
      return new ApiFailure(403, backendCode.ssoDisabled, 'This account does not use single sign-on');
    // An account that may also use a password is still refused in a state that refuses any sign-in.
    return user.state === 'active' || usesSingleSignOn(user) ? undefined : stateRefusal(user);
  }
  if (user.state === 'sso_enforced') {
    return new ApiFailure(403, backendCode.enforcedSsoLoginOnly, 'The company allows single sign-on only');
  }
  return user.state === 'sso_enabled' ? undefined : stateRefusal(user);
}

/**
 * The outcome once the password verified, in the order a real provider meets them: Apple hands over a
 * relay address when the person hides their email, which matches no account; the identity must be the
 * one the user started with (spec §7 denySSOIfEmailMismatch); then the entrance's rules. Undefined: sign in.
 */
export function identityOutcome(
  request: IdentityRequest,
  user: User,
  brand: Brand,
  options: { hideAppleEmail: boolean },
): IdentityFailure | undefined {
  if (request.entrance === 'apple' && options.hideAppleEmail)
    return { kind: 'refused', code: 'APPLE_HIDDEN_EMAIL' };
  const identity = user.email ?? '';
  if (request.denyMismatch && request.loginHint && request.loginHint.toLowerCase() !== identity)
    return { kind: 'mismatch', identity };
  const refusal = entranceRefusal(request.entrance, user, brand);
  return refusal ? refusedWith(refusal.code) : undefined;
}

/** The person chose "Don't allow" at Google or Apple (spec §8 'access denied by user'). */
export const ACCESS_DENIED: IdentityFailure = { kind: 'refused', code: 'SSO_ACCESS_DENIED' };

const TEXTS: Partial<Record<number, string>> = {
  [backendCode.loginFailed]: 'The email and password do not match.',
  [backendCode.accountLocked]: 'Too many wrong passwords: the account is locked. Try again later.',
};

/**
 * What the provider's own page shows for a password it refused, where the person can try again: a
 * wrong password, a lockout, too many attempts. Undefined for anything else (a fault).
 */
export function identityRefusalPage(error: unknown): { text: string; status: 401 | 403 | 429 } | undefined {
  if (error instanceof RateLimited) return { text: `${error.message} (ray id ${error.rayId})`, status: 429 };
  if (!(error instanceof ApiFailure)) return undefined;
  return {
    text: TEXTS[error.code] ?? `This account cannot sign in here: ${error.message.toLowerCase()}.`,
    status: error.httpStatus === 401 ? 401 : 403,
  };
}
