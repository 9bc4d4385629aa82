import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/harness.ts';
import type { Database } from './client.ts';
import { migrationsCurrent } from './migrations-current.ts';

const migrations = fileURLToPath(new URL('./migrations', import.meta.url));
const journal = JSON.parse(readFileSync(join(migrations, 'meta', '_journal.json'), 'utf8')) as {
  entries: Array<{ when: number; tag: string }>;
};
const scratch = mkdtempSync(join(tmpdir(), 'foyer-migrations-'));

/** A migrations folder whose journal has the given entries. */
function folderWith(entries: Array<{ when: number; tag: string }>): string {
  const folder = mkdtempSync(join(scratch, 'folder-'));
  mkdirSync(join(folder, 'meta'));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('migrationsCurrent', () => {
  it('is true for a database the migrator brought up to date', async () => {
    expect(await migrationsCurrent(server.db, migrations)).toBe(true);
  });

  it('is false when the journal names a migration newer than the newest applied', async () => {
    const newer = { when: Math.max(...journal.entries.map((entry) => entry.when)) + 1, tag: '9999_next' };
    expect(await migrationsCurrent(server.db, folderWith([...journal.entries, newer]))).toBe(false);
  });

  it('is false when it cannot tell: no journal, or no migrations table', async () => {
    expect(await migrationsCurrent(server.db, join(scratch, 'missing'))).toBe(false);
    const failing = {
      select: () => ({ from: () => Promise.reject(new Error('relation does not exist')) }),
    } as unknown as Database;
    expect(await migrationsCurrent(failing, migrations)).toBe(false);
  });
});
