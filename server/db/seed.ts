import { and, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password.ts';
import type { Database } from './client.ts';
import { brands, clients, users } from './schema.ts';
import { SEED_BRANDS, SEED_USERS, seedClients } from './seed-data.ts';
import { seedEmergency } from './seed-emergency.ts';
import { seedNotices } from './seed-notices.ts';

/**
 * Idempotent, run at every boot. Brands and clients are overwritten (so the demo redirect URI follows
 * the port); users are only inserted when missing, so a password changed at runtime is not reset. A
 * seeded user without a display name (created before the column existed) gets the seed's.
 */
export async function seed(db: Database, publicOrigin: string): Promise<void> {
  await db
    .insert(brands)
    .values(SEED_BRANDS)
    .onConflictDoUpdate({
      target: brands.id,
      set: excludedColumns(Object.keys(SEED_BRANDS[0] ?? {}), brands),
    });
  const clientRows = seedClients(publicOrigin);
  await db
    .insert(clients)
    .values(clientRows)
    .onConflictDoUpdate({
      target: clients.id,
      // Every field any row sets: not all clients set the optional ones (grant types, brand).
      set: excludedColumns([...new Set(clientRows.flatMap((row) => Object.keys(row)))], clients),
    });

  const emails = SEED_USERS.map((user) => user.email);
  const existing = await db
    .select({ email: users.email, displayName: users.displayName })
    .from(users)
    .where(inArray(users.email, emails));
  const present = new Set(existing.map((row) => row.email));
  const unnamed = new Set(existing.filter((row) => row.displayName === '').map((row) => row.email));
  // Only right after the migration that added the column: later boots find every name set.
  for (const user of SEED_USERS.filter((seedUser) => unnamed.has(seedUser.email))) {
    await db
      .update(users)
      .set({ displayName: user.displayName })
      .where(and(eq(users.email, user.email), eq(users.displayName, '')));
  }
  // Hashing is the slow part of seeding, so it only happens for rows that will be written, in parallel
  // (argon2 runs on libuv's thread pool).
  const missing = SEED_USERS.filter((user) => !present.has(user.email));
  const rows = await Promise.all(
    missing.map(async ({ password, pin, ...user }) => ({
      ...user,
      passwordHash: await hashPassword(password),
      pinHash: pin === undefined ? null : await hashPassword(pin),
    })),
  );
  if (rows.length > 0) await db.insert(users).values(rows).onConflictDoNothing();
  await seedEmergency(db, new Date());
  await seedNotices(db, publicOrigin);
}

type Columns = Record<string, { name: string }>;

/** `SET column = excluded.column` for every seeded field except the key. */
function excludedColumns(fields: string[], table: object) {
  const columns = table as Columns;
  const set: Record<string, ReturnType<typeof sql>> = {};
  for (const field of fields) {
    const column = columns[field];
    if (field !== 'id' && column) set[field] = sql.raw(`excluded."${column.name}"`);
  }
  return set;
}
