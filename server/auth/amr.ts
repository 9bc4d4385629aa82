import type { ContactBy } from '../../api/contract/twoFactor.ts';

/**
 * How a sign-in was proved, as the ID token's `amr` says it (RFC 8176's registry; docs/openid-connect.md
 * "amr and acr"). `fed` (a sign-in at the company's or a social identity provider) is not in the registry;
 * it is the value Microsoft Entra ID and others use, and the only one Foyer adds.
 */
export type AuthMethod = 'pwd' | 'otp' | 'sms' | 'tel' | 'mfa' | 'hwk' | 'user' | 'fed';

/** What each way of signing in records when its session starts. */
export const SIGN_IN_AMR = {
  password: ['pwd'],
  /** A passkey: a hardware-bound key, unlocked by the person (user verification). */
  passkey: ['hwk', 'user'],
  /** The reference identity provider (SSO, Google, Apple). */
  identityProvider: ['fed'],
  /** An emailed sign-in link: a one-time secret sent to the address. */
  emailedLink: ['otp'],
  /** The activation code with the password (spec §5 loginWithActivationCode). */
  activationCode: ['pwd', 'otp'],
} as const satisfies Record<string, readonly AuthMethod[]>;

/** The second factor's method: a code by text (sms), by call (tel), by email or an authenticator app (otp). */
export const SECOND_FACTOR_AMR: Record<ContactBy, AuthMethod> = {
  Sms: 'sms',
  Phone: 'tel',
  Email: 'otp',
  APP: 'otp',
};

/** The amr after a second factor: what was there, the factor's method, then mfa; each once, in order. */
export function withSecondFactor(amr: readonly string[], method: AuthMethod | undefined): string[] {
  return [...new Set([...amr, ...(method ? [method] : []), 'mfa'])];
}

/** Two kinds of proof (or a passkey, which is one and verified its person) make level 2; else level 1. */
export const ACR_LEVELS = ['urn:foyer:acr:1', 'urn:foyer:acr:2'] as const;
export type Acr = (typeof ACR_LEVELS)[number];

export function acrOf(amr: readonly string[]): Acr {
  return amr.includes('mfa') || (amr.includes('hwk') && amr.includes('user')) ? ACR_LEVELS[1] : ACR_LEVELS[0];
}
