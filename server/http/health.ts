import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Database } from '../db/client.ts';

/** The migrations this code expects: the entries of drizzle's journal, read once. */
const expectedMigrations = (): number =>
  (
    JSON.parse(readFileSync(new URL('../db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

/**
 * For load balancers and orchestrators (docs/deployment.md), unauthenticated and cheap: `/healthz` says
 * the process answers; `/readyz` that the database answers and holds every migration this code expects,
 * else 503 (the process stays up and is asked again).
 */
export function healthRoutes(db: Database) {
  const expected = expectedMigrations();
  const noStore = { 'Cache-Control': 'no-store' };
  return new Hono()
    .get('/healthz', (c) => c.json({ status: 'ok' }, 200, noStore))
    .get('/readyz', async (c) => {
      try {
        const [row] = await db
          .select({ applied: sql<number>`count(*)::int` })
          .from(sql`drizzle.__drizzle_migrations`);
        const applied = Number(row?.applied ?? 0);
        if (applied < expected) return c.json({ status: 'migrating', applied, expected }, 503, noStore);
        return c.json({ status: 'ready' }, 200, noStore);
      } catch {
        return c.json({ status: 'database unavailable' }, 503, { ...noStore, 'Retry-After': '5' });
      }
    });
}
