import type { AccountState, PasswordChangeReason, StateReason } from './schema.users.ts';

// What one seeded demo account is made of, and the password the demos share: a leaf, so that every file
// of demo accounts (seed-demo-users.ts, seed-notices.ts, seed-options.ts) imports it, and none of them
// has to import another.

export interface SeedUser {
  brandId: string;
  accountId: string;
  extensionId: string;
  email: string;
  phoneNumber: string | null;
  extension: string;
  password: string;
  state: AccountState;
  stateReason: StateReason | null;
  isAdmin: boolean;
  displayName: string;
  /** Two-factor (docs/two-factor.md): what the administrator requires, and whether calls reach the phone. */
  mfaRequired?: boolean;
  authenticatorRequired?: boolean;
  voiceUnavailable?: boolean;
  /** Password lifecycle (docs/passwords.md): a required change, an expired numeric password, a PIN (hashed when seeded). */
  passwordChangeRequired?: PasswordChangeReason | null;
  numericPasswordExpired?: boolean;
  pin?: string;
  /** Notices (docs/notices.md): the FedRAMP notice at each sign-in; click-through terms of service. */
  fedrampNoticeRequired?: boolean;
  termsAcceptanceRequired?: boolean;
  /** Login option (docs/notices.md): single sign-on besides the password. */
  ssoOptional?: boolean;
}

/** Every account-state demo user shares Ada's password, so only the email changes when trying them. */
export const STATE_DEMO_PASSWORD = 'Violet-Harbor-47';
