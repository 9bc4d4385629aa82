import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { clientSecrets } from '../db/schema.ts';
import { sha256Hex } from '../security/tokens.ts';
import { ORIGIN } from '../testing/harness.ts';
import { createTestDatabase, seededPgliteFolder } from '../testing/test-database.ts';

// The script itself, as an operator runs it: on a PGlite data folder of its own (the seeded cluster, as a
// server would have left it), or on a database of the test PostgreSQL cluster. Each run opens the
// database (a second or more on PGlite), so they all run up front.

const script = fileURLToPath(new URL('./clients.cli.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'foyer-clients-cli-'));
let target: { DATA_DIR: string } | { DATABASE_URL: string } = { DATA_DIR: dataDir };
let dropDatabase: (() => Promise<void>) | undefined;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}
async function run(...args: string[]): Promise<Run> {
  const env = { ...process.env, ...target, NODE_ENV: 'test' };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

let added: Run;
let rotated: Run;
let badUri: Run;
let badFlag: Run;
let secretHashes: string[];

beforeAll(async () => {
  const adminUrl = inject('postgresAdminUrl');
  if (adminUrl) {
    const database = await createTestDatabase(adminUrl);
    target = { DATABASE_URL: database.url };
    dropDatabase = database.drop;
  } else {
    await seededPgliteFolder(dataDir, ORIGIN);
  }
  const add = ['add', '--name', 'Acme CRM', '--redirect-uri', 'https://crm.example/cb', '--confidential'];
  added = await run(...add, '--json');
  const { client_id: id } = JSON.parse(added.stdout) as { client_id: string };
  rotated = await run('rotate-secret', id, '--overlap-hours', '0', '--json');
  [badUri, badFlag] = await Promise.all([
    run('add', '--name', 'Evil', '--redirect-uri', 'javascript:alert(1)'),
    run('add', '--colour', 'red'),
  ]);
  const database = await openDatabase(
    'DATABASE_URL' in target ? { databaseUrl: target.DATABASE_URL } : { dataDir },
  );
  try {
    const rows = await database.db
      .select({ hash: clientSecrets.secretHash })
      .from(clientSecrets)
      .where(eq(clientSecrets.clientId, id));
    secretHashes = rows.map((row) => row.hash);
  } finally {
    await database.close();
  }
}, 90_000);
afterAll(async () => {
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run clients', () => {
  it('add --json prints one JSON object with the client id and its secret, stored only as a hash', () => {
    expect(added.code).toBe(0);
    expect(added.stdout.trim().split('\n')).toHaveLength(1);
    const printed = JSON.parse(added.stdout) as { client_id: string; client_secret: string };
    expect(printed).toMatchObject({
      client_name: 'Acme CRM',
      token_endpoint_auth_method: 'client_secret_basic',
    });
    expect(secretHashes).toContain(sha256Hex(printed.client_secret));
  });

  it('rotate-secret prints a new secret', () => {
    expect(rotated.code).toBe(0);
    const printed = JSON.parse(rotated.stdout) as { client_secret: string; secrets: unknown[] };
    expect(secretHashes).toContain(sha256Hex(printed.client_secret));
    // An overlap of 0 hours ends the old secret at once.
    expect(printed.secrets).toHaveLength(1);
  });

  it('exits with 2 and says why on bad input', () => {
    expect(badUri).toMatchObject({ code: 2, stdout: '' });
    expect(badUri.stderr).toContain('--redirect-uri #1 must not use the javascript: scheme');
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toMatch(/Unknown option '--colour'[\s\S]*Usage: npm run clients/);
  });
});
