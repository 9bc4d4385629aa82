import type { Journey } from '../journey.ts';
import { activation, recovery, requiredChange, signInLink } from './account.ts';
import { addresses, retiredApp } from './addresses.ts';
import { emergency, emergencyNotices } from './emergency.ts';
import { notices } from './notices.ts';
import { passkeys } from './passkeys.ts';
import { signIn } from './signIn.ts';
import { twoFactor } from './twoFactor.ts';

/** Every journey of the gallery, in the order they run. */
export const JOURNEYS: readonly Journey[] = [
  addresses,
  retiredApp,
  signIn,
  signInLink,
  passkeys,
  twoFactor,
  recovery,
  requiredChange,
  activation,
  notices,
  emergency,
  emergencyNotices,
];
