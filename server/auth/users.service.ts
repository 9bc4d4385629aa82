import { and, eq } from 'drizzle-orm';
import { type CountryCode, isSupportedCountry } from 'libphonenumber-js';
import { normalizePhoneNumber } from '../../api/phone.ts';
import type { Brand } from '../config/config.service.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';

export type User = typeof users.$inferSelect;

export interface CredentialLookup {
  /** An email, or a phone number in any form libphonenumber reads (the SPA sends E.164). */
  username: string;
  extension?: string | undefined;
}

/**
 * Finds the user an email or a phone number + extension names. A phone number without a country code
 * is read in the country of the brand the user is signing in from.
 */
export async function findUserByCredential(
  db: Database,
  brand: Brand,
  credential: CredentialLookup,
): Promise<User | undefined> {
  const username = credential.username.trim();
  const condition = username.includes('@')
    ? eq(users.email, username.toLowerCase())
    : and(
        eq(users.phoneNumber, normalizePhoneNumber(username, countryOf(brand))),
        eq(users.extension, credential.extension ?? ''),
      );
  const [user] = await db.select().from(users).where(condition).limit(1);
  return user;
}

function countryOf(brand: Brand): CountryCode {
  return isSupportedCountry(brand.countryIsoCode) ? brand.countryIsoCode : 'US';
}

export async function findUserById(db: Database, userId: number): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}
