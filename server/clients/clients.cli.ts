/**
 * `npm run clients -- <action> …`: operators register and manage partner apps (docs/openid-connect.md;
 * `npm run clients` alone prints the flags). Reads DATABASE_URL, or DATA_DIR for PGlite (whose server must
 * be stopped: PGlite has one process). Exit code 2: the command was refused, with the reason on stderr.
 */
import { openDatabase } from '../db/client.ts';
import { readEnv } from '../env.ts';
import { parseClientsCommand, runClientsCommand } from './clients.commands.ts';
import { RegistrationError } from './registration.contract.ts';

const BAD_INPUT = 2;

try {
  // Before the database opens: a mistyped flag costs nothing.
  const command = parseClientsCommand(process.argv.slice(2));
  const env = readEnv();
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
  );
  try {
    const rules = { production: env.NODE_ENV === 'production' };
    console.log(await runClientsCommand({ db: database.db, now: new Date(), rules }, command));
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = error instanceof RegistrationError ? BAD_INPUT : 1;
}
