import type { Database } from '../../db/client.ts';
import type { Logger } from '../../http/logger.ts';
import { countBackchannelDelivery } from '../../observability/metrics.ts';
import { inSpan } from '../../observability/tracing.ts';
import type { SigningKeys } from '../signing-keys.ts';
import {
  CLAIM_BATCH,
  claimDue,
  type Delivery,
  type Fetch,
  postableUri,
  postLogoutToken,
  type Registration,
  recordDelivered,
  recordFailure,
  registrationsOf,
} from './delivery.service.ts';
import { signLogoutToken } from './logout-token.ts';
import { onLogoutsQueued } from './queue.ts';

export interface BackchannelDeps {
  db: Database;
  keys: SigningKeys;
  /** The issuer (the public origin): the logout token's iss. */
  issuer: string;
  now: () => Date;
  /** The network in production; tests route posts to the app in process (app.request). */
  fetch: Fetch;
  logger: Logger;
}

/** Between polls for rows another process queued (this process's own are posted at once). */
export const POLL_MS = 2_000;

/**
 * Back-Channel Logout delivery (docs/openid-connect.md): any process posts any due row. `deliverDue`
 * is one deterministic pass (tests call it); `start` polls and also runs a pass as soon as this
 * process queues logouts, so an app hears of a sign-out within milliseconds.
 */
export function backchannelWorker(deps: BackchannelDeps) {
  const { db, logger } = deps;

  const attempt = async (row: Delivery, registration: Registration | undefined) => {
    const uri = postableUri(registration?.uri ?? null);
    if (!registration || !uri) {
      // Unregistered since the sign-out, or never a usable URI: there is nowhere we may post.
      await recordFailure(db, row, deps.now(), 'no http(s) backchannel_logout_uri registered', {
        final: true,
      });
      countBackchannelDelivery('abandoned', row.attempts);
      logger.error(`back-channel logout to ${row.clientId} abandoned: no usable URI registered`);
      return;
    }
    const token = await signLogoutToken(
      deps.keys,
      deps.issuer,
      { clientId: row.clientId, sid: row.sid, subject: row.subject, alg: registration.alg },
      deps.now(),
    );
    const error = await postLogoutToken(deps.fetch, uri, token);
    if (error === undefined) {
      await recordDelivered(db, row, deps.now());
      return countBackchannelDelivery('delivered', row.attempts);
    }
    const outcome = await recordFailure(db, row, deps.now(), error);
    countBackchannelDelivery(outcome, row.attempts);
    if (outcome === 'abandoned')
      logger.error(
        `back-channel logout to ${row.clientId} abandoned after ${row.attempts + 1} attempts: ${error}`,
      );
  };

  // A span per attempt: a child of the sign-out's request span when this process queued the row (the pass
  // starts in its context), a trace of its own when a poll found it; the app receives its traceparent.
  const deliverOne = (row: Delivery, registration: Registration | undefined) =>
    inSpan('backchannel_logout deliver', () => attempt(row, registration), {
      attributes: { 'oauth.client.id': row.clientId, 'foyer.backchannel.attempt': row.attempts + 1 },
    });

  /** Claims and posts batches until none is full; resolves with how many rows it attempted. */
  const deliverDue = async (): Promise<number> => {
    let attempted = 0;
    for (;;) {
      const rows = await claimDue(db, deps.now());
      const registrations = await registrationsOf(db, rows);
      await Promise.all(rows.map((row) => deliverOne(row, registrations.get(row.clientId))));
      attempted += rows.length;
      if (rows.length < CLAIM_BATCH) return attempted;
    }
  };

  let running: Promise<void> | undefined;
  let again = false;
  /** One pass at a time in this process; a kick during a pass runs one more after it. */
  const kick = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await deliverDue();
      } while (again);
    })()
      .catch((error: unknown) => {
        // The kind only: a driver's message may quote row values.
        const kind = error instanceof Error ? error.name : 'unknown';
        logger.error(`back-channel logout pass failed: ${kind}`);
      })
      .finally(() => {
        running = undefined;
      });
  };

  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  return {
    deliverDue,
    start(pollMs = POLL_MS) {
      timer = setInterval(kick, pollMs);
      timer.unref();
      unsubscribe = onLogoutsQueued(db, kick);
      kick();
    },
    /** Stops polling and listening, and waits for a pass in flight (before the database closes). */
    async stop() {
      clearInterval(timer);
      unsubscribe?.();
      await running;
    },
  };
}

export type BackchannelWorker = ReturnType<typeof backchannelWorker>;
