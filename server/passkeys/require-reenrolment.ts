/**
 * `npm run passkeys:require-reenrolment -- <login id>`: the administrator's flag (docs/passkeys.md). The
 * account's passkeys created until now stop signing in (754) and show as needing re-enrolment; the
 * next passkey the user creates removes them and clears the flag. Reads DATABASE_URL, or DATA_DIR for
 * PGlite (whose server must be stopped: PGlite has one process), like `npm run keys:rotate`.
 */
import { lookupOfLoginId } from '../auth/users.service.ts';
import { openDatabase } from '../db/client.ts';
import { readEnv } from '../env.ts';
import { requireReenrolment } from './reenrolment.ts';

const loginId = process.argv[2]?.trim();
if (!loginId) {
  console.error(
    'Usage: npm run passkeys:require-reenrolment -- <login id (email, or +E.164 number#extension)>',
  );
  process.exit(2);
}
const env = readEnv();
const database = await openDatabase(
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
);
try {
  const result = await requireReenrolment(database.db, lookupOfLoginId(loginId), new Date());
  if (!result) {
    console.error(`No account has the login id ${loginId}.`);
    process.exitCode = 1;
  } else {
    console.log(
      `Re-enrolment required for ${loginId} from ${result.at.toISOString()}: ` +
        `${result.passkeys} passkey(s) no longer sign in until the user creates a new one.`,
    );
  }
} finally {
  await database.close();
}
