import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Database } from './client.ts';
import type { brands, clients } from './schema.ts';

type SeededTable = typeof brands | typeof clients;
type Row = { id: string } & Record<string, unknown>;

/**
 * JSON with sorted keys, ISO dates and functions as their text: the same values digest the same, however
 * the driver returns them and in whichever process (server/db/seed-fingerprint.ts digests seed code too).
 */
export function canonical(value: unknown): unknown {
  if (typeof value === 'function') return `function ${String(value)}`;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value ?? null;
}

/** The digest of a row's seeded fields: those the seed row names. */
const digestOf = (fields: readonly string[], row: Record<string, unknown>) =>
  createHash('sha256')
    .update(JSON.stringify(fields.map((field) => [field, canonical(row[field])])))
    .digest('base64url');

/**
 * The digests a row the seed wrote may carry: over today's seeded fields, and over those without the
 * ones the row holds no value in — what an older seed digested before a release added those fields
 * (say, a client's back-channel logout URI). A person's edit matches neither.
 */
const digestsOf = (fields: readonly string[], row: Record<string, unknown>) => [
  digestOf(fields, row),
  digestOf(
    fields.filter((field) => row[field] !== null && row[field] !== undefined),
    row,
  ),
];

/**
 * Writes seed rows without ever overwriting a person's change: a missing row is inserted; an existing
 * one is updated only while its seeded fields still hold what the seed last wrote (its `seed_digest`,
 * NULL meaning a row from before digests were kept). A row someone edited keeps the edit, and the seed
 * leaves it alone from then on. Runs under the start-up lock (DatabaseHandle.exclusive), so processes
 * starting together do not race.
 */
export async function upsertSeeded(db: Database, table: SeededTable, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const existing = new Map(
    (
      (await db
        .select()
        .from(table)
        .where(
          inArray(
            table.id,
            rows.map((row) => row.id),
          ),
        )) as Row[]
    ).map((row) => [row.id, row]),
  );
  for (const row of rows) {
    const fields = Object.keys(row).filter((field) => field !== 'id');
    const seedDigest = digestOf(fields, row);
    const current = existing.get(row.id);
    if (!current) {
      await db
        .insert(table)
        .values({ ...row, seedDigest } as typeof table.$inferInsert)
        .onConflictDoNothing();
      continue;
    }
    const stored = current.seedDigest;
    const unchanged = stored === null || digestsOf(fields, current).includes(String(stored));
    if (!unchanged || current.seedDigest === seedDigest) continue;
    const { id: _id, ...values } = row;
    await db
      .update(table)
      .set({ ...values, seedDigest } as Partial<typeof table.$inferInsert>)
      .where(inArray(table.id, [row.id]));
  }
}
