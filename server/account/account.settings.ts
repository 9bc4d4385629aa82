/** What the environment may change about the account lifecycle (server/env.ts); docs/passwords.md "Server". */
export interface AccountSettings {
  /** How long a reset or set-up link works (RESET_LINK_TTL_MINUTES). */
  resetLinkMinutes: number;
  /** How long a sign-in link works (EXPRESS_LINK_TTL_MINUTES). */
  expressLinkMinutes: number;
  /** The last N passwords a new one may not repeat, the current one included (PASSWORD_HISTORY; 0: none). */
  passwordHistory: number;
}

export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  resetLinkMinutes: 30,
  expressLinkMinutes: 15,
  passwordHistory: 5,
};

const MINUTE_MS = 60_000;

/** Fixed limits and lifetimes. */
export const ACCOUNT_LIMITS = {
  /**
   * Emails to one account within sendWindowMs (413 beyond): generous enough for a person who asks
   * again because the first one is slow to arrive, too few to flood a mailbox.
   */
  sendsPerWindow: 5,
  sendWindowMs: 10 * MINUTE_MS,
  /** Activation and confirmation links wait for someone who may read mail once a day. */
  activationLinkMs: 24 * 60 * MINUTE_MS,
  confirmLinkMs: 24 * 60 * MINUTE_MS,
  /** Wrong activation codes that void the code (a new one must be sent): six digits are guessable. */
  activationAttempts: 5,
  /** Wrong activation codes per account per day, over every email, past which no code is accepted. */
  activationWrongCodesPerDay: 10,
  /** currentPassword may be left out this long after the sign-in that a required change holds back. */
  freshSignInMs: 15 * MINUTE_MS,
} as const;
