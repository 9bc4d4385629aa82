import { and, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { backchannelLogouts, clients } from '../../db/schema.ts';
import { tracedHttpCall } from '../../observability/tracing.ts';

/** How many rows one claim takes: a pass posts them together. */
export const CLAIM_BATCH = 20;
/** A claim outlives the slowest post (POST_TIMEOUT_MS) by far; a crashed process's rows come back after it. */
export const CLAIM_MS = 30_000;
export const POST_TIMEOUT_MS = 5_000;
/** Retries after 2 s, 4 s, 8 s … up to every 5 minutes, for an hour from the sign-out; then given up. */
export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 5 * 60_000;
export const ABANDON_AFTER_MS = 60 * 60_000;

export type Delivery = typeof backchannelLogouts.$inferSelect;
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

const due = (now: Date) =>
  and(
    isNull(backchannelLogouts.deliveredAt),
    isNull(backchannelLogouts.abandonedAt),
    lte(backchannelLogouts.nextAttemptAt, now),
    or(isNull(backchannelLogouts.lockedUntil), lt(backchannelLogouts.lockedUntil, now)),
  );

/**
 * Claims up to CLAIM_BATCH due rows for this process: one UPDATE of locked_until over a
 * `FOR UPDATE SKIP LOCKED` selection (PGlite supports it too), so processes sharing one PostgreSQL never
 * claim the same row, and a row claimed by a process that died is due again when its claim runs out.
 */
export async function claimDue(db: Database, now: Date): Promise<Delivery[]> {
  const ids = db
    .select({ id: backchannelLogouts.id })
    .from(backchannelLogouts)
    .where(due(now))
    .orderBy(backchannelLogouts.id)
    .limit(CLAIM_BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(backchannelLogouts)
    .set({ lockedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(and(inArray(backchannelLogouts.id, ids), due(now)))
    .returning();
}

/** Where and how each client of these rows takes its logout tokens, as registered now. */
export async function registrationsOf(db: Database, rows: readonly Delivery[]) {
  const ids = [...new Set(rows.map((row) => row.clientId))];
  if (ids.length === 0) return new Map<string, Registration>();
  const found = await db
    .select({
      id: clients.id,
      uri: clients.backchannelLogoutUri,
      alg: clients.idTokenSignedResponseAlg,
    })
    .from(clients)
    .where(inArray(clients.id, ids));
  return new Map(found.map((client) => [client.id, client]));
}
export type Registration = { id: string; uri: string | null; alg: 'RS256' | 'ES256' };

/** Only an absolute http(s) URI is posted to; anything else is a registration error, not a retry. */
export function postableUri(uri: string | null): URL | undefined {
  if (uri === null || !URL.canParse(uri)) return undefined;
  const url = new URL(uri);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
}

/** 2 s after the first failure, doubling, at most MAX_RETRY_MS. */
export const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

/**
 * Posts `logout_token` (§2.5): 200 or 204 is delivered; anything else is a short reason with no body,
 * header or token in it. Redirects are not followed (an app that moved registers its new URI).
 */
export async function postLogoutToken(fetch: Fetch, uri: URL, token: string): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  // An injected fetch may ignore the signal; the race still gives up in time.
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${POST_TIMEOUT_MS / 1000} s`), POST_TIMEOUT_MS);
  });
  const post = tracedHttpCall('POST', uri, (traceHeaders) =>
    fetch(uri.href, {
      method: 'POST',
      headers: { ...traceHeaders, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: token }).toString(),
      redirect: 'manual',
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    }),
  ).then(
    async (response) => {
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 200 || response.status === 204) return undefined;
      if (response.status >= 300 && response.status < 400)
        return `redirect (HTTP ${response.status}) not followed`;
      return `HTTP ${response.status}`;
    },
    (error: unknown) => failureOf(error),
  );
  try {
    return await Promise.race([post, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A network failure's kind (ECONNREFUSED, TimeoutError), never its message, which may name the host's data. */
function failureOf(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const kind = typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.name : 'unknown';
  return `network error (${kind.slice(0, 40)})`;
}

export async function recordDelivered(db: Database, row: Delivery, now: Date): Promise<void> {
  await db
    .update(backchannelLogouts)
    .set({ deliveredAt: now, attempts: row.attempts + 1, lockedUntil: null, lastError: null })
    .where(eq(backchannelLogouts.id, row.id));
}

/** A failed attempt: retried later, or abandoned once the bounded time has passed (or nothing can be posted). */
export async function recordFailure(
  db: Database,
  row: Delivery,
  now: Date,
  error: string,
  { final = false } = {},
): Promise<'retry' | 'abandoned'> {
  const attempts = row.attempts + (final ? 0 : 1);
  const abandon = final || now.getTime() - row.createdAt.getTime() >= ABANDON_AFTER_MS;
  await db
    .update(backchannelLogouts)
    .set({
      attempts,
      lockedUntil: null,
      lastError: error.slice(0, 200),
      ...(abandon
        ? { abandonedAt: now }
        : { nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) }),
    })
    .where(eq(backchannelLogouts.id, row.id));
  return abandon ? 'abandoned' : 'retry';
}
