import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../../server/db/client.ts';
import { users } from '../../../server/db/schema.users.ts';
import { createTestDatabase } from '../../../server/testing/test-database.ts';

// server/db/prepared-statements.ts: Drizzle's queries reach PostgreSQL as named prepared statements,
// reused on their connection, and `?prepare=false` on the URL turns that off (for a pooler).

const adminUrl = inject('postgresAdminUrl');
if (!adminUrl)
  throw new Error('the server-postgres project provides the cluster (test/server/postgres.setup.ts)');

type Handle = Awaited<ReturnType<typeof openDatabase>>;
let clone: Awaited<ReturnType<typeof createTestDatabase>>;
let preparing: Handle;
let unnamed: Handle;

// Opening checks the migrations: start-up work, kept out of the tests' own timeout.
beforeAll(async () => {
  clone = await createTestDatabase(adminUrl);
  preparing = await openDatabase({ databaseUrl: clone.url });
  const url = new URL(clone.url);
  url.searchParams.set('prepare', 'false');
  unnamed = await openDatabase({ databaseUrl: url.href });
}, 60_000);
afterAll(async () => {
  await Promise.all([preparing?.close(), unnamed?.close()]);
  await clone?.drop();
}, 60_000);

/** Runs the same parameterised query twice on one connection, then lists that session's prepared statements. */
function preparedAfterTwoRuns(database: Handle) {
  return database.db.transaction(async (transaction) => {
    for (const _ of [1, 2]) {
      const [ada] = await transaction
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, 'ada@example.com'));
      expect(ada?.id).toBeTypeOf('number');
    }
    // postgres-js answers execute() with the rows themselves.
    const rows = (await transaction.execute(
      sql`select statement from pg_prepared_statements where statement like ${'%from "users"%'}`,
    )) as unknown as Array<{ statement: string }>;
    return rows.map((row) => row.statement);
  });
}

describe('queries as prepared statements on PostgreSQL', () => {
  it('prepares a parameterised query once on its connection and reuses it', async () => {
    const statements = await preparedAfterTwoRuns(preparing);
    const lookups = statements.filter((statement) => statement.includes('"users"."email" = $1'));
    expect(lookups).toHaveLength(1);
  });

  it('keeps unnamed statements when the URL says prepare=false', async () => {
    const statements = await preparedAfterTwoRuns(unnamed);
    expect(statements.filter((statement) => statement.includes('"users"."email" = $1'))).toEqual([]);
  });
});
