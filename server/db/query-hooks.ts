import { PgPreparedQuery } from 'drizzle-orm/pg-core';

/** Runs around one query: calls `run` (the query, and any hook inside this one) and answers its result. */
export type QueryHook = (queryString: string, run: () => Promise<unknown>) => Promise<unknown>;

type QueryWithCache = (
  this: unknown,
  queryString: string,
  params: unknown[],
  query: () => Promise<unknown>,
) => Promise<unknown>;

/**
 * Kept on globalThis: Drizzle is one module for the whole process even when tests load Foyer's modules
 * afresh, so its prototype is wrapped once, and a hook registered again under its name replaces the last.
 */
const SLOT = Symbol.for('foyer.db.queryHooks');
type Slot = { hooks: Map<string, QueryHook> };

/**
 * Every query of either driver (PGlite's and postgres.js's prepared queries, relational queries,
 * `db.execute`, inside transactions too) runs through Drizzle's PgPreparedQuery.queryWithCache, whose
 * prototype is wrapped here once per process for the hooks observability registers (metrics-db.ts,
 * tracing-db.ts). Neither driver has a hook of its own, and Drizzle's logger sees the text only.
 * server/observability/tracing.test.ts fails if a Drizzle upgrade moves the method.
 */
export function hookDatabaseQueries(name: string, hook: QueryHook): void {
  installed().hooks.set(name, hook);
}

function installed(): Slot {
  const slots = globalThis as { [SLOT]?: Slot };
  const existing = slots[SLOT];
  if (existing) return existing;
  const slot: Slot = { hooks: new Map() };
  slots[SLOT] = slot;
  const prototype = PgPreparedQuery.prototype as unknown as { queryWithCache?: QueryWithCache };
  const original = prototype.queryWithCache;
  if (typeof original !== 'function') return slot;
  prototype.queryWithCache = function hookedQuery(queryString, params, query) {
    let run = () => original.call(this, queryString, params, query);
    // The hook registered last runs outermost.
    for (const hook of slot.hooks.values()) {
      const inner = run;
      run = () => hook(queryString, inner);
    }
    return run();
  };
  return slot;
}
