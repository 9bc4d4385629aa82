import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { backchannelLogouts } from '../../db/schema.ts';

/** A session that has just ended: its row id and the public id its ID tokens carry as `sid`. */
export interface EndedSession {
  id: number;
  sid: string;
}

/**
 * Queues one Back-Channel Logout per (ended session, client that took part in it and registered a
 * backchannel_logout_uri). "Took part" means a code was issued to the client for the session. One
 * INSERT … SELECT, run by the caller in the transaction that ends the sessions, so a sign-out never
 * waits for an app: the posting is the worker's (server/oauth/backchannel/worker.ts).
 */
export async function enqueueLogouts(db: Database, ended: readonly EndedSession[], now: Date) {
  if (ended.length === 0) return;
  const at = now.toISOString();
  const values = sql.join(
    ended.map((session) => sql`(${session.id}::integer, ${session.sid}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    INSERT INTO backchannel_logouts (client_id, sid, subject, created_at, next_attempt_at)
    SELECT DISTINCT clients.id, ended.sid, users.extension_id, ${at}::timestamptz, ${at}::timestamptz
    FROM (VALUES ${values}) AS ended (session_id, sid)
    JOIN auth_codes ON auth_codes.session_id = ended.session_id
    JOIN clients ON clients.id = auth_codes.client_id AND clients.backchannel_logout_uri IS NOT NULL
    JOIN users ON users.id = auth_codes.user_id`);
}

// Rows are posted by whichever process finds them; the one that queued them is told at once, so a
// logout usually reaches the app in milliseconds rather than at the next poll. Keyed by the database
// handle: a test file's servers each have their own.
const listeners = new WeakMap<Database, Set<() => void>>();

/** Calls `listener` whenever this process queues logouts on `db`; returns the unsubscribe. */
export function onLogoutsQueued(db: Database, listener: () => void): () => void {
  const set = listeners.get(db) ?? new Set();
  listeners.set(db, set);
  set.add(listener);
  return () => set.delete(listener);
}

/** After the transaction that queued logouts has committed (a worker must be able to see the rows). */
export function announceLogoutsQueued(db: Database): void {
  for (const listener of listeners.get(db) ?? []) listener();
}

/** Delivered or abandoned a day ago: nothing reads them any more (server/db/purge.ts). */
export async function purgeBackchannelLogouts(db: Database, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db
    .delete(backchannelLogouts)
    .where(
      or(
        and(isNotNull(backchannelLogouts.deliveredAt), lt(backchannelLogouts.deliveredAt, dayAgo)),
        and(isNotNull(backchannelLogouts.abandonedAt), lt(backchannelLogouts.abandonedAt, dayAgo)),
      ),
    );
}
