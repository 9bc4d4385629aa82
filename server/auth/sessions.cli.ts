/**
 * `npm run sessions -- end --email ada@example.com [--json]`: ends every session of that user, as an
 * administrator would (server/auth/sessions.admin.ts). The apps that took part get their Back-Channel
 * Logouts from the running server, which posts what any process queued (with PGlite, whose server must
 * be stopped while this runs, when it next starts). Reads DATABASE_URL, or DATA_DIR for PGlite.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client.ts';
import { readEnv } from '../env.ts';
import { describeIssues } from '../http/validate.ts';
import { endByEmailInput, endSessionsByEmail } from './sessions.admin.ts';

const USAGE = 'Usage: npm run sessions -- end --email <address> [--json]';

const { positionals, values } = parseArgs({
  options: { email: { type: 'string' }, json: { type: 'boolean', default: false } },
  allowPositionals: true,
  strict: false,
});
const input = endByEmailInput.safeParse({ email: values.email });
if (positionals[0] !== 'end' || positionals.length !== 1 || !input.success) {
  console.error(input.success ? USAGE : `${describeIssues(input.error)}\n${USAGE}`);
  process.exit(2);
}

const env = readEnv();
const database = await openDatabase(
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
);
try {
  const result = await endSessionsByEmail(database.db, input.data.email, new Date());
  const ended = result.found ? result.ended.map((session) => session.sid) : [];
  if (values.json) console.log(JSON.stringify({ found: result.found, endedSessions: ended }));
  else if (!result.found) console.log('No user has that email address.');
  else console.log(`Ended ${ended.length} session(s)${ended.length ? `: ${ended.join(', ')}` : ''}.`);
  if (!result.found) process.exitCode = 1;
} finally {
  await database.close();
}
