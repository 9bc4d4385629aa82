import type { LoginOption } from '../../api/contract/auth.ts';
import type { Brand } from '../config/config.service.ts';
import { usesSingleSignOn } from './account-state.ts';
import type { User } from './users.service.ts';

/** Whether single sign-on signs this account in: SSO accounts, and those that may use it besides a password. */
export const maySignInWithSso = (user: User) => usesSingleSignOn(user) || user.ssoOptional;

/**
 * Login-info's loginOptions (docs/notices.md "Login option"): the ways an account chooses between,
 * answered only when there is a choice the password page does not offer — single sign-on on a brand
 * that has it, or a passkey (`passkey`: the account has one that signs in and its brand offers them,
 * docs/passkeys.md), besides a password that is still open — so every other account's reply is as
 * before. The emailed sign-in link (server/account's express link) needs the account's email.
 */
export function loginOptionsOf(
  user: User,
  brand: Pick<Brand, 'ssoEnabled'>,
  passkey = false,
): LoginOption[] | undefined {
  if (usesSingleSignOn(user)) return undefined;
  const sso = user.ssoOptional && brand.ssoEnabled;
  if (!sso && !passkey) return undefined;
  return [
    'password',
    ...(sso ? (['sso'] as const) : []),
    ...(passkey ? (['passkey'] as const) : []),
    ...(user.email ? (['emailLink'] as const) : []),
  ];
}
