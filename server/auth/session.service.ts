import { and, desc, eq, gt, inArray, isNull, lt, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { announceLogoutsQueued, type EndedSession, enqueueLogouts } from '../oauth/backchannel/queue.ts';
import { randomToken, sha256Hex } from '../security/tokens.ts';
import type { AuthMethod } from './amr.ts';
import type { User } from './users.service.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long a platform session lives (docs/sessions.md). Without remember me it is a working day at most
 * and ends after two hours unused, on a browser-session cookie; with it, a month at most and a week
 * unused, on a persistent cookie. Idle expiry moves with use; absolute expiry never moves.
 */
export const SESSION_LIFETIMES = {
  browser: { idleMs: 2 * HOUR_MS, absoluteMs: 8 * HOUR_MS },
  remembered: { idleMs: 7 * DAY_MS, absoluteMs: 30 * DAY_MS },
} as const;

/** Last seen (and with it the idle expiry) is written at most this often: a busy page writes little. */
export const LAST_SEEN_RESOLUTION_MS = MINUTE_MS;

/** A live session, with the user it signed in. */
export interface PlatformSession {
  id: number;
  /** The id users may see and quote to support (spec §8 messages); it reveals nothing of the cookie. */
  publicId: string;
  user: User;
  brandId: string;
  /** The sign-in time (OpenID auth_time). */
  createdAt: Date;
  lastSeenAt: Date;
  idleExpiresAt: Date;
  /** Absolute expiry. */
  expiresAt: Date;
  persistent: boolean;
  /** When this sign-in completed its second factor; null until then (docs/two-factor.md). */
  secondFactorAt: Date | null;
  /** How this sign-in was proved (server/auth/amr.ts): the ID token's amr. */
  amr: string[];
}

/** A session as this browser holds it: with the cookie token it presented (never stored, never logged). */
export interface HeldSession extends PlatformSession {
  token: string;
}

/** A short digest of the stored hash: stable for the session, useless for taking it over. */
export const publicSessionId = (tokenHash: string) => sha256Hex(`session-id:${tokenHash}`).slice(0, 16);

const isLive = (now: Date) =>
  and(isNull(sessions.endedAt), gt(sessions.expiresAt, now), gt(sessions.idleExpiresAt, now));

/** When the session ends if nothing happens: the earlier of its two expiries. */
export const sessionExpiry = (session: PlatformSession): Date =>
  session.idleExpiresAt < session.expiresAt ? session.idleExpiresAt : session.expiresAt;

/** Starts a session with a token never seen before; only its SHA-256 is stored. */
export async function createSession(
  db: Database,
  user: User,
  persistent: boolean,
  now: Date,
  amr: readonly AuthMethod[],
): Promise<HeldSession> {
  const token = randomToken();
  const lifetime = persistent ? SESSION_LIFETIMES.remembered : SESSION_LIFETIMES.browser;
  const tokenHash = sha256Hex(token);
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash,
      userId: user.id,
      brandId: user.brandId,
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: new Date(now.getTime() + lifetime.idleMs),
      expiresAt: new Date(now.getTime() + lifetime.absoluteMs),
      persistent,
      amr: [...amr],
    })
    .returning();
  if (!row) throw new Error('inserting a session returned no row');
  const { tokenHash: _, userId: __, endedAt: ___, ...session } = row;
  return { ...session, user, token, publicId: publicSessionId(tokenHash) };
}

/** The live sessions among these cookie tokens, most recent sign-in first. */
export async function sessionsOfTokens(
  db: Database,
  tokens: readonly string[],
  now: Date,
): Promise<HeldSession[]> {
  if (tokens.length === 0) return [];
  const tokenOf = new Map(tokens.map((token) => [sha256Hex(token), token]));
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.tokenHash, [...tokenOf.keys()]), isLive(now)))
    // The id breaks ties between sign-ins in the same millisecond.
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  return rows.map(({ session: { tokenHash, userId: _, endedAt: __, ...session }, user }) => ({
    ...session,
    user,
    token: tokenOf.get(tokenHash) ?? '',
    publicId: publicSessionId(tokenHash),
  }));
}

/**
 * Ends these sessions now (sign-out, replaced by a new sign-in, evicted, one-time) and returns those
 * that ended now (not those ended before). With this and endSessionsOfUsers every session end queues
 * the apps' Back-Channel Logouts (server/oauth/backchannel) in the same transaction.
 */
export async function endSessions(db: Database, ids: readonly number[], now: Date): Promise<EndedSession[]> {
  if (ids.length === 0) return [];
  return endWhere(db, and(inArray(sessions.id, [...ids]), isNull(sessions.endedAt)), now);
}

/**
 * Ends every live session of these users, in every browser (sign out everywhere, a password reset, an
 * administrator), but for `except` (the session that changed the password keeps going).
 */
export async function endSessionsOfUsers(
  db: Database,
  userIds: readonly number[],
  now: Date,
  { except }: { except?: number } = {},
): Promise<EndedSession[]> {
  if (userIds.length === 0) return [];
  const kept = except === undefined ? undefined : ne(sessions.id, except);
  return endWhere(db, and(inArray(sessions.userId, [...userIds]), isLive(now), kept), now);
}

/** UPDATE … RETURNING: only the sessions this statement ended are announced to the apps. */
async function endWhere(db: Database, where: SQL | undefined, now: Date): Promise<EndedSession[]> {
  const ended = await db.transaction(async (tx) => {
    const rows = await tx
      .update(sessions)
      .set({ endedAt: now })
      .where(where)
      .returning({ id: sessions.id, tokenHash: sessions.tokenHash });
    const list = rows.map((row) => ({ id: row.id, sid: publicSessionId(row.tokenHash) }));
    await enqueueLogouts(tx, list, now);
    return list;
  });
  if (ended.length > 0) announceLogoutsQueued(db);
  return ended;
}

/**
 * Records use of a session and pushes its idle expiry on, never past the absolute one. Written at most
 * once per LAST_SEEN_RESOLUTION_MS; the conditional update keeps concurrent calls from writing twice.
 */
export async function touchSession(db: Database, session: PlatformSession, now: Date): Promise<void> {
  if (now.getTime() - session.lastSeenAt.getTime() < LAST_SEEN_RESOLUTION_MS) return;
  const lifetime = session.persistent ? SESSION_LIFETIMES.remembered : SESSION_LIFETIMES.browser;
  const idle = new Date(Math.min(now.getTime() + lifetime.idleMs, session.expiresAt.getTime()));
  await db
    .update(sessions)
    .set({ lastSeenAt: now, idleExpiresAt: idle })
    .where(
      and(
        eq(sessions.id, session.id),
        lt(sessions.lastSeenAt, new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS + 1)),
        isLive(now),
      ),
    );
  session.lastSeenAt = now;
  session.idleExpiresAt = idle;
}

/** A session's sign-in as an ID token states it, live or ended: its public id, when, and how. */
export async function signInOfSession(db: Database, sessionId: number) {
  const [row] = await db
    .select({ tokenHash: sessions.tokenHash, createdAt: sessions.createdAt, amr: sessions.amr })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row && { publicId: publicSessionId(row.tokenHash), createdAt: row.createdAt, amr: row.amr };
}

/** Seconds since the session's sign-in (for max_age). */
export const secondsSinceSignIn = (session: PlatformSession, now: Date) =>
  Math.floor((now.getTime() - session.createdAt.getTime()) / 1000);

/** Plain http is only tolerated for a local origin; anywhere else the cookie is Secure. */
export function isLocalHttpOrigin(origin: string): boolean {
  const url = new URL(origin);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
