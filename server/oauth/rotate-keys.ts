/**
 * `npm run keys:rotate`: a new signing key of each algorithm (ES256, RS256), published at once and signing ten minutes later; the keys it
 * replaces stay published until the tokens they signed have expired (docs/deployment.md "Signing keys").
 * Reads DATABASE_URL, or DATA_DIR for PGlite (whose server must be stopped: PGlite has one process).
 */
import { openDatabase } from '../db/client.ts';
import { readEnv } from '../env.ts';
import { rotateSigningKey } from './signing-keys.ts';

const env = readEnv();
const database = await openDatabase(
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
);
try {
  const { kids, signsFrom, retireAt } = await database.exclusive(() =>
    rotateSigningKey(database.db, new Date()),
  );
  console.log(
    `New signing keys ${kids.join(', ')} (ES256, RS256): published now, sign from ${signsFrom.toISOString()}.`,
  );
  console.log(`The keys it replaces are published until ${retireAt.toISOString()}, then purged.`);
} finally {
  await database.close();
}
