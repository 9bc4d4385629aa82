import type { User } from '../auth/users.service.ts';

/**
 * The standard claims each OpenID Connect scope releases (Core §5.4), from UserInfo and, for libraries
 * that read the profile from the ID token (Auth.js, ASP.NET Core's defaults), in the ID token too.
 * `sub` is the extension id: stable for the account, and neither its email nor its number.
 */
export const CLAIMS_BY_SCOPE = {
  profile: ['name', 'given_name', 'family_name', 'locale', 'zoneinfo', 'updated_at'],
  email: ['email', 'email_verified'],
  phone: ['phone_number', 'phone_number_verified'],
} as const;

/** Every claim Foyer can state, for the discovery document's claims_supported. */
export const CLAIMS_SUPPORTED = [
  'sub',
  'iss',
  'aud',
  'exp',
  'iat',
  'auth_time',
  'nonce',
  'acr',
  'amr',
  'azp',
  'at_hash',
  'sid',
  ...Object.values(CLAIMS_BY_SCOPE).flat(),
] as const;

export type UserClaims = Record<string, string | number | boolean>;

/** OpenID's phone_number: E.164, with an extension in RFC 3966's form (Core §5.1). */
export const phoneNumberClaim = (user: Pick<User, 'phoneNumber' | 'extension'>) =>
  user.phoneNumber === null
    ? undefined
    : `${user.phoneNumber}${user.extension ? `;ext=${user.extension}` : ''}`;

/** The claims this scope releases about the user; a claim the account has no value for is left out. */
export function claimsForScope(user: User, scope: string): UserClaims {
  const granted = new Set(scope.split(' '));
  const claims: UserClaims = { sub: user.extensionId };
  const set = (name: string, value: string | number | boolean | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') claims[name] = value;
  };
  if (granted.has('profile')) {
    set('name', user.displayName);
    set('given_name', user.givenName);
    set('family_name', user.familyName);
    set('locale', user.locale);
    set('zoneinfo', user.zoneinfo);
    set('updated_at', Math.floor(user.updatedAt.getTime() / 1000));
  }
  if (granted.has('email') && user.email !== null) {
    set('email', user.email);
    set('email_verified', user.emailVerified);
  }
  const phone = phoneNumberClaim(user);
  if (granted.has('phone') && phone !== undefined) {
    set('phone_number', phone);
    set('phone_number_verified', user.phoneNumberVerified);
  }
  return claims;
}
