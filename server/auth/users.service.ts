import { and, eq, sql } from 'drizzle-orm';
import { asCountryCode, normalizePhoneNumber } from '../../api/phone.ts';
import type { Brand } from '../config/config.service.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';

export type User = typeof users.$inferSelect;

export interface CredentialLookup {
  /** An email, or a phone number in any form libphonenumber reads (the SPA sends E.164). */
  username: string;
  extension?: string | undefined;
}

/** A credential in the form users are stored in: a lower-cased email, or an E.164 number and extension. */
export type NormalisedCredential =
  | { kind: 'email'; email: string }
  | { kind: 'phone'; phoneNumber: string; extension: string };

/** A phone number without a country code is read in the country of the brand the user signs in from. */
export function normaliseCredential(brand: Brand, credential: CredentialLookup): NormalisedCredential {
  const username = credential.username.trim();
  if (username.includes('@')) return { kind: 'email', email: username.toLowerCase() };
  return {
    kind: 'phone',
    phoneNumber: normalizePhoneNumber(username, asCountryCode(brand.countryIsoCode) ?? 'US'),
    extension: credential.extension ?? '',
  };
}

/** The login identifier: the email, or the number without its extension (one number, many extensions). */
export function identifierOf(credential: NormalisedCredential): string {
  return credential.kind === 'email' ? credential.email : credential.phoneNumber;
}

export async function findUser(db: Database, credential: NormalisedCredential): Promise<User | undefined> {
  const condition =
    credential.kind === 'email'
      ? eq(users.email, credential.email)
      : and(eq(users.phoneNumber, credential.phoneNumber), eq(users.extension, credential.extension));
  const [user] = await db.select().from(users).where(condition).limit(1);
  return user;
}

export async function findUserById(db: Database, userId: number): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

/**
 * The credential as the user would type it (the account picker shows it and signs in with it): the
 * email when the account has one, otherwise the E.164 number with `#extension` when there is one.
 */
export function loginIdOf(user: Pick<User, 'email' | 'phoneNumber' | 'extension'>): string {
  if (user.email) return user.email;
  const number = user.phoneNumber ?? '';
  return user.extension ? `${number}#${user.extension}` : number;
}

/**
 * What a login id as the user types it looks up (loginIdOf's inverse): an email as it is, a number with
 * its `#extension` split off.
 */
export function lookupOfLoginId(loginId: string): CredentialLookup {
  const hash = loginId.indexOf('#');
  return loginId.includes('@') || hash === -1
    ? { username: loginId }
    : { username: loginId.slice(0, hash), extension: loginId.slice(hash + 1).trim() };
}

/** The user an access token's subject names (its `sub` is the extension id). */
export async function findUserByExtensionId(db: Database, extensionId: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.extensionId, extensionId)).limit(1);
  return user;
}

/**
 * Call whenever a user's password changes (issue 11: reset, change, enforced change): it bumps the
 * password generation, which every trusted-device cookie carries (server/two-factor/trusted-device.ts),
 * so each device trusted before the change must prove a second factor again.
 */
export async function recordPasswordChange(db: Database, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ passwordGeneration: sql`${users.passwordGeneration} + 1` })
    .where(eq(users.id, userId));
}
