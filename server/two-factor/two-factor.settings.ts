import type { DeliveryConfig } from '../delivery/configure.ts';

/** What the environment may change about two-factor (server/env.ts); docs/two-factor.md. */
export interface TwoFactorSettings {
  /** "Don't ask again on this device" lasts this long; 0 turns the option (and every such cookie) off. */
  trustedDeviceDays: number;
  /** A session may send a new code this long after its last one. */
  resendAfterSeconds: number;
  /** How long a sent code stays valid. */
  codeTtlSeconds: number;
}

export const DEFAULT_TWO_FACTOR_SETTINGS: TwoFactorSettings = {
  trustedDeviceDays: 30,
  resendAfterSeconds: 30,
  codeTtlSeconds: 600,
};

const MINUTE_MS = 60_000;

/**
 * Fixed limits (spec §4 "verification is throttled after too many wrong attempts"): per user, so an
 * attacker holding the password cannot spread guesses over sessions or addresses.
 */
export const LIMITS = {
  /** Codes sent to one user within sendWindowMs (413 beyond)… */
  sendsPerWindow: 5,
  sendWindowMs: 15 * MINUTE_MS,
  /** Wrong codes within wrongCodeWindowMs that refuse every code, even a right one (326). */
  wrongCodesPerWindow: 5,
  wrongCodeWindowMs: 15 * MINUTE_MS,
} as const;

/** RFC 6238 parameters every authenticator app supports; the contract and the otpauth URI say the same. */
export const TOTP = { algorithm: 'SHA1', digits: 6, periodSeconds: 30, window: 1 } as const;

/** Six ASCII digits, nothing else (spec §8 324 for anything but). */
export const SIX_DIGITS = /^[0-9]{6}$/;

/** How server/app.ts is given two-factor (start.ts builds it from the environment). */
export interface TwoFactorOptions {
  /**
   * The 32-byte master key every two-factor key is derived from (server/two-factor/mfa-keys.ts). Without
   * one the app makes a random key that lives as long as it does (tests share one across their apps).
   */
  masterKey?: Uint8Array;
  settings?: Partial<TwoFactorSettings>;
  delivery?: DeliveryConfig;
  /** Mount /dev/outbox and /dev/outbox.json. Default true; start.ts turns it off in production. */
  devOutbox?: boolean;
}
