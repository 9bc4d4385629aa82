import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { PasskeySummary } from '../../api/contract/passkeys.ts';
import type { Database } from '../db/client.ts';
import {
  type PasskeyChallengePurpose,
  passkeyChallenges,
  passkeyCredentials,
  passkeyUsers,
} from '../db/schema.passkeys.ts';
import { randomToken } from '../security/tokens.ts';

/** The rows of this feature's tables, and the reads and writes the services share. */

export type PasskeyRow = typeof passkeyCredentials.$inferSelect;
export type PasskeyUser = typeof passkeyUsers.$inferSelect;
export type PasskeyChallenge = typeof passkeyChallenges.$inferSelect;

/** How long a challenge (and the ceremony it starts) lasts: the options' timeout too. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

/**
 * Created at or before the administrator's flag: it no longer signs in (754). "At" counts as before, so a
 * credential made in the same instant as the flag cannot slip past it.
 */
export const needsReenrolment = (row: Pick<PasskeyRow, 'createdAt'>, flag: Date | null | undefined) =>
  flag != null && row.createdAt <= flag;

export const summaryOf = (row: PasskeyRow, flag: Date | null | undefined): PasskeySummary => ({
  id: String(row.id),
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  ...(row.lastUsedAt ? { lastUsedAt: row.lastUsedAt.toISOString() } : {}),
  backedUp: row.backedUp,
  needsReenrolment: needsReenrolment(row, flag),
});

/** The account's passkeys, oldest first. */
export const passkeysOf = (db: Database, userId: number) =>
  db
    .select()
    .from(passkeyCredentials)
    .where(eq(passkeyCredentials.userId, userId))
    .orderBy(asc(passkeyCredentials.createdAt), asc(passkeyCredentials.id));

export async function passkeyByCredentialId(db: Database, credentialId: string) {
  const [row] = await db
    .select()
    .from(passkeyCredentials)
    .where(eq(passkeyCredentials.credentialId, credentialId))
    .limit(1);
  return row;
}

export async function passkeyUserOf(db: Database, userId: number): Promise<PasskeyUser | undefined> {
  const [row] = await db.select().from(passkeyUsers).where(eq(passkeyUsers.userId, userId)).limit(1);
  return row;
}

/** The account's WebAuthn identity, made on first need: a random 32-byte handle, unrelated to the account. */
export async function ensurePasskeyUser(db: Database, userId: number): Promise<PasskeyUser> {
  await db.insert(passkeyUsers).values({ userId, userHandle: randomToken() }).onConflictDoNothing();
  const row = await passkeyUserOf(db, userId);
  if (!row) throw new Error('inserting a passkey user returned no row');
  return row;
}

/** Whether the account has a passkey that signs in (none created before an administrator's flag). */
export async function hasUsablePasskey(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: passkeyCredentials.id })
    .from(passkeyCredentials)
    .leftJoin(passkeyUsers, eq(passkeyUsers.userId, passkeyCredentials.userId))
    .where(
      and(
        eq(passkeyCredentials.userId, userId),
        or(
          isNull(passkeyUsers.reenrolmentRequiredAt),
          gt(passkeyCredentials.createdAt, passkeyUsers.reenrolmentRequiredAt),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A new challenge: its id (the handle the page sends back) and the random bytes the authenticator signs. */
export async function createChallenge(
  db: Database,
  request: { purpose: PasskeyChallengePurpose; userId: number | null; loginHinted?: boolean },
  now: Date,
) {
  const challenge = randomBytes(32);
  const [row] = await db
    .insert(passkeyChallenges)
    .values({
      id: randomToken(),
      challenge: challenge.toString('base64url'),
      purpose: request.purpose,
      userId: request.userId,
      loginHinted: request.loginHinted ?? false,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
    })
    .returning();
  if (!row) throw new Error('inserting a passkey challenge returned no row');
  return { row, bytes: new Uint8Array(challenge) };
}

/**
 * Takes the challenge out of the table in one statement (DELETE … RETURNING), so it is used once
 * whatever the verification decides, and two requests racing with it cannot both have it. Answers it
 * only while it is unexpired and for this purpose.
 */
export async function consumeChallenge(
  db: Database,
  id: string,
  purpose: PasskeyChallengePurpose,
  now: Date,
): Promise<PasskeyChallenge | undefined> {
  const [row] = await db.delete(passkeyChallenges).where(eq(passkeyChallenges.id, id)).returning();
  if (!row || row.purpose !== purpose || row.expiresAt <= now) return undefined;
  return row;
}

/**
 * Records a verified sign-in's counter, backup state and time, provided the counter still moves forward
 * (or both are zero: an authenticator without a counter). Conditional, so two assertions racing with
 * the same counter cannot both pass: the loser is treated as a clone.
 */
export async function recordUse(
  db: Database,
  row: PasskeyRow,
  use: { counter: number; backedUp: boolean; deviceType: PasskeyRow['deviceType'] },
  now: Date,
): Promise<boolean> {
  const forward =
    use.counter === 0
      ? eq(passkeyCredentials.signCounter, 0)
      : lt(passkeyCredentials.signCounter, use.counter);
  const updated = await db
    .update(passkeyCredentials)
    .set({ signCounter: use.counter, backedUp: use.backedUp, deviceType: use.deviceType, lastUsedAt: now })
    .where(and(eq(passkeyCredentials.id, row.id), forward))
    .returning({ id: passkeyCredentials.id });
  return updated.length > 0;
}
