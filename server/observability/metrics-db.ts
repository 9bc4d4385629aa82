import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import { isDatabaseUnavailable } from '../http/errors.ts';
import type { MetricsRecorder } from './metrics-recorder.ts';

type QueryWithCache = (
  this: unknown,
  queryString: string,
  params: unknown[],
  query: () => Promise<unknown>,
) => Promise<unknown>;

/**
 * The recorder the wrapper reports to, kept on globalThis: Drizzle is one module for the whole process
 * even when tests load Foyer's modules afresh, so the prototype is wrapped once and reports to the newest
 * registry.
 */
const SLOT = Symbol.for('foyer.metrics.queries');
type Slot = { recorder?: MetricsRecorder };

/**
 * `foyer_db_queries_in_flight` and `foyer_db_errors_total`: every query of either driver (in
 * transactions too) runs through Drizzle's PgPreparedQuery.queryWithCache, as tracing-db.ts explains;
 * the two wrappers compose. Neither driver reports its pool's state, so queries running or queued for a
 * connection stand for its use: above the pool's size (foyer_db_pool_max_connections), queries wait.
 */
export function countDatabaseQueries(recorder: MetricsRecorder): void {
  const slots = globalThis as { [SLOT]?: Slot };
  const existing = slots[SLOT];
  if (existing) {
    existing.recorder = recorder;
    return;
  }
  const slot: Slot = { recorder };
  slots[SLOT] = slot;
  const prototype = PgPreparedQuery.prototype as unknown as { queryWithCache?: QueryWithCache };
  const original = prototype.queryWithCache;
  if (typeof original !== 'function') return;
  prototype.queryWithCache = function countedQuery(queryString, params, query) {
    const current = slot.recorder;
    current?.databaseQuery('started');
    return original.call(this, queryString, params, query).then(
      (result) => {
        current?.databaseQuery('settled');
        return result;
      },
      (error: unknown) => {
        current?.databaseQuery('settled');
        current?.databaseError(isDatabaseUnavailable(error) ? 'unavailable' : 'query');
        throw error;
      },
    );
  };
}
