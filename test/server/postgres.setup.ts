/**
 * Global setup of the `server-postgres` test project: the server tests again, each test server on its
 * own database cloned from a migrated and seeded template in a throwaway PostgreSQL cluster
 * (server/testing/postgres-cluster.ts), so every migration, service and query runs on PostgreSQL as
 * well as PGlite.
 */
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.ts';
import { seed } from '../../server/db/seed.ts';
import { ORIGIN } from '../../server/testing/harness.ts';
import { startPostgresCluster } from '../../server/testing/postgres-cluster.ts';
import { POSTGRES_TEMPLATE } from '../../server/testing/test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The cluster's maintenance database, from which test databases are cloned (unset on PGlite). */
    postgresAdminUrl: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster();
  try {
    const { default: postgres } = await import('postgres');
    const admin = postgres(cluster.urlFor('postgres'), { onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${POSTGRES_TEMPLATE}`);
    await admin.end();
    const template = await openDatabase({ databaseUrl: cluster.urlFor(POSTGRES_TEMPLATE) });
    await seed(template.db, ORIGIN);
    await template.close();
  } catch (error) {
    cluster.destroy();
    throw error;
  }
  project.provide('postgresAdminUrl', cluster.urlFor('postgres'));
  return () => cluster.destroy();
}
