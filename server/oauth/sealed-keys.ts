import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { JWK } from 'jose';
import type { Database } from '../db/client.ts';
import { signingKeys } from '../db/schema.ts';
import {
  type KekRing,
  openSecret,
  rewrapSecret,
  type SealedSecret,
  sealSecret,
  UnsealError,
} from '../security/key-encryption.ts';

/** The purpose bound into every signing key's ciphertext: a sealed secret of another kind never opens as one. */
const PURPOSE = 'oauth signing key';

type KeyRow = typeof signingKeys.$inferSelect;

/** The columns a sealed private JWK is stored in (server/db/schema.oauth.ts). */
export function sealPrivateJwk(ring: KekRing, kid: string, privateJwk: JWK) {
  const sealed = sealSecret(ring, JSON.stringify(privateJwk), { purpose: PURPOSE, id: kid });
  return { sealedPrivateJwk: sealed.ciphertext, wrappedKey: sealed.wrappedKey, kekId: sealed.kekId };
}

const sealedOf = (row: KeyRow): SealedSecret | undefined =>
  row.sealedPrivateJwk && row.wrappedKey && row.kekId
    ? { ciphertext: row.sealedPrivateJwk, wrappedKey: row.wrappedKey, kekId: row.kekId }
    : undefined;

/** The row's private JWK, or an UnsealError naming the kid and the KEK id. */
export function openPrivateJwk(ring: KekRing, row: KeyRow): JWK {
  const sealed = sealedOf(row);
  if (!sealed) throw new UnsealError(`signing key ${row.kid} is not sealed yet`);
  return JSON.parse(openSecret(ring, sealed, { purpose: PURPOSE, id: row.kid })) as JWK;
}

/**
 * Seals the rows a database from before sealing holds in clear (migration 0013 made the columns), then
 * rewrites the table, so the clear values do not linger in its files as dead rows. Copies made before
 * (backups, WAL archives) still hold them: docs/key-management.md advises a rotation after the upgrade.
 * Returns how many rows it sealed.
 */
export async function sealClearSigningKeys(db: Database, ring: KekRing): Promise<number> {
  const clear = await db.select().from(signingKeys).where(isNotNull(signingKeys.privateJwk));
  for (const row of clear) {
    await db
      .update(signingKeys)
      .set({ ...sealPrivateJwk(ring, row.kid, row.privateJwk as JWK), privateJwk: null })
      .where(and(eq(signingKeys.kid, row.kid), isNotNull(signingKeys.privateJwk)));
  }
  if (clear.length > 0) await db.execute(sql`VACUUM FULL signing_keys`);
  return clear.length;
}

export interface RewrapReport {
  /** Rows found in clear and sealed under the newest KEK. */
  sealed: number;
  /** Rows whose data key moved to the newest KEK. */
  rewrapped: number;
  /** Rows already under the newest KEK. */
  current: number;
  /** Rows left as they were, with why (kid and KEK id only). */
  failed: string[];
}

/**
 * `npm run keys:rewrap`: every row's data key sealed under the newest KEK. Idempotent; the secrets and
 * their ciphertexts are unchanged, so running processes (which hold the opened keys) never notice, and a
 * process that still lists the older KEK opens either form.
 */
export async function rewrapSigningKeys(db: Database, ring: KekRing): Promise<RewrapReport> {
  const report: RewrapReport = {
    sealed: await sealClearSigningKeys(db, ring),
    rewrapped: 0,
    current: 0,
    failed: [],
  };
  const newest = ring[0].id;
  const rows = await db.select().from(signingKeys);
  report.current = rows.filter((row) => row.kekId === newest).length;
  for (const row of rows) {
    const sealed = sealedOf(row);
    if (!sealed || sealed.kekId === newest) continue;
    try {
      const moved = rewrapSecret(ring, sealed, { purpose: PURPOSE, id: row.kid });
      if (!moved) continue;
      // Only if no one moved it meanwhile (two rewraps at once): the row changes from the form just read.
      const updated = await db
        .update(signingKeys)
        .set({ wrappedKey: moved.wrappedKey, kekId: moved.kekId })
        .where(and(eq(signingKeys.kid, row.kid), eq(signingKeys.kekId, sealed.kekId)))
        .returning({ kid: signingKeys.kid });
      if (updated.length > 0) report.rewrapped += 1;
      else report.current += 1;
    } catch (error) {
      if (!(error instanceof UnsealError)) throw error;
      report.failed.push(error.message);
    }
  }
  return report;
}
