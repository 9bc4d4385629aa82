import { hookDatabaseQueries } from '../db/query-hooks.ts';
import { isDatabaseUnavailable } from '../http/errors.ts';
import type { MetricsRecorder } from './metrics-recorder.ts';

/**
 * `foyer_db_queries_in_flight` and `foyer_db_errors_total`: every query of either driver, in transactions
 * too (server/db/query-hooks.ts). Neither driver reports its pool's state, so queries running or queued for
 * a connection stand for its use: above the pool's size (foyer_db_pool_max_connections), queries wait. A
 * second call (a test's fresh registry) reports to the newest recorder.
 */
export function countDatabaseQueries(recorder: MetricsRecorder): void {
  hookDatabaseQueries('metrics', (_queryString, run) => {
    recorder.databaseQuery('started');
    return run().then(
      (result) => {
        recorder.databaseQuery('settled');
        return result;
      },
      (error: unknown) => {
        recorder.databaseQuery('settled');
        recorder.databaseError(isDatabaseUnavailable(error) ? 'unavailable' : 'query');
        throw error;
      },
    );
  });
}
