import type { PasswordChangeReason } from './schema.ts';
import { DEFAULT_BRAND_ID } from './seed-brands.ts';

/**
 * Password lifecycle demos (docs/passwords.md "Server", README), brand 1210. Names are invented; the
 * phone number is in the 555-01xx range reserved for fiction. Passwords are public on purpose.
 */
export const ACCOUNT_DEMOS: {
  name: string;
  displayName: string;
  /** Default STATE_DEMO_PASSWORD. */
  password?: string;
  phoneNumber?: string;
  passwordChangeRequired?: PasswordChangeReason;
  numericPasswordExpired?: boolean;
  pin?: string;
}[] = [
  // Forgot password, by email or by its phone number (lookup-credential).
  { name: 'reset', displayName: 'Wren Halloway', phoneNumber: '+16505550144' },
  // The administrator requires a new password at the next sign-in (412 until it is changed).
  { name: 'enforced', displayName: 'Edmund Farrier', passwordChangeRequired: 'enforced' },
  // A temporary password, replaced at first sign-in.
  {
    name: 'onetime',
    displayName: 'Linnea Stroud',
    password: 'Temp-Pass-2024',
    passwordChangeRequired: 'one_time',
  },
  // An expired numeric password (319): change-legacy-password, then a new sign-in.
  { name: 'legacy', displayName: 'Bram Oxley', password: '97531864', numericPasswordExpired: true },
  // An account with a phone-menu PIN: the reset and change forms ask for a new one too.
  { name: 'pin', displayName: 'Sorrel Ainsworth', pin: '975318' },
];

export const ACCOUNT_DEMO_BRAND = DEFAULT_BRAND_ID;
