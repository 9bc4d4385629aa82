/**
 * `npm run keys:rotate`: a new signing key of each algorithm (ES256, RS256), published at once and signing ten minutes later; the keys it
 * replaces stay published until the tokens they signed have expired (docs/deployment.md "Signing keys").
 * Reads DATABASE_URL, or DATA_DIR for PGlite (whose server must be stopped: PGlite has one process).
 */
import { openDatabase } from '../db/client.ts';
import { kekRingFrom, readEnv } from '../env.ts';
import { loadKekRing } from '../security/key-encryption.ts';
import { rotateSigningKey } from './signing-keys.ts';

const env = readEnv();
// The new keys are sealed under the newest key-encryption key, as the server's are (docs/key-management.md).
const { ring } = await loadKekRing({ setting: kekRingFrom(env), dataDir: env.DATA_DIR });
const database = await openDatabase(
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
);
try {
  const { kids, signsFrom, retireAt } = await database.exclusive(() =>
    rotateSigningKey(database.db, ring, new Date()),
  );
  console.log(
    `New signing keys ${kids.join(', ')} (ES256, RS256): published now, sign from ${signsFrom.toISOString()}.`,
  );
  console.log(`The keys it replaces are published until ${retireAt.toISOString()}, then purged.`);
} finally {
  await database.close();
}
