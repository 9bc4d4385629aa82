/**
 * `npm run keys:rewrap`: every signing key's data key sealed under the newest key-encryption key (the first
 * of KEY_ENCRYPTION_KEY), and any key still in clear sealed; docs/key-management.md "Changing the KEK".
 * Idempotent, and safe while servers run on PostgreSQL (they keep the keys they opened; the older KEK
 * must stay in their settings until this has run). PGlite has one process: stop its server first.
 * Prints counts and key ids, never key material; exits 1 when a row could not be moved.
 */
import { openDatabase } from '../db/client.ts';
import { kekRingFrom, readEnv } from '../env.ts';
import { loadKekRing } from '../security/key-encryption.ts';
import { rewrapSigningKeys } from './sealed-keys.ts';

const env = readEnv();
const { ring } = await loadKekRing({ setting: kekRingFrom(env), dataDir: env.DATA_DIR });
const database = await openDatabase(
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
);
try {
  const report = await database.exclusive(() => rewrapSigningKeys(database.db, ring));
  console.log(
    `Signing keys under key-encryption key "${ring[0].id}": ${report.rewrapped} moved, ${report.current} already there, ${report.sealed} sealed from clear, ${report.failed.length} failed.`,
  );
  for (const failure of report.failed) console.error(`  ${failure}`);
  if (report.failed.length > 0) process.exitCode = 1;
} finally {
  await database.close();
}
