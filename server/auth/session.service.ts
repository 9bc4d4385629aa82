import { and, eq, gt } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { backendCode } from '../../api/contract/envelope.ts';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { ApiFailure } from '../http/errors.ts';
import { randomToken, sha256Hex } from '../security/tokens.ts';
import type { User } from './users.service.ts';

export const SESSION_COOKIE = 'foyer_session';
const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;

export interface SignedInSession {
  sessionId: number;
  /** The id users may see and quote to support (spec §8 messages); it reveals nothing of the cookie. */
  publicId: string;
  expiresAt: Date;
  user: User;
}

/** A short digest of the stored hash: stable for the session, useless for taking it over. */
export const publicSessionId = (tokenHash: string) => sha256Hex(`session-id:${tokenHash}`).slice(0, 16);

/** Starts a session; only the SHA-256 of the cookie value is stored. */
export async function createSession(
  db: Database,
  userId: number,
  now: Date,
): Promise<{ token: string; publicId: string }> {
  const token = randomToken();
  const tokenHash = sha256Hex(token);
  await db.insert(sessions).values({
    tokenHash,
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
  });
  return { token, publicId: publicSessionId(tokenHash) };
}

/** The live session the request's cookie names, if any. */
export async function currentSession(
  db: Database,
  c: Context,
  now: Date,
): Promise<SignedInSession | undefined> {
  const token = getCookie(c, SESSION_COOKIE);
  // A random token is 43 characters; anything far off that cannot be one and skips the lookup.
  if (!token || token.length > 128) return undefined;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      tokenHash: sessions.tokenHash,
      expiresAt: sessions.expiresAt,
      user: users,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256Hex(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return undefined;
  const { tokenHash, ...session } = row;
  return { ...session, publicId: publicSessionId(tokenHash) };
}

/**
 * The live session, or the spec's 221 (INVALID_SESSION_TOKEN) for a call that only a signed-in user
 * can make: the SPA treats it as an expired session.
 */
export async function requireSession(db: Database, c: Context, now: Date): Promise<SignedInSession> {
  const session = await currentSession(db, c, now);
  if (!session) {
    throw new ApiFailure(
      401,
      backendCode.invalidSessionToken,
      'Invalid request. Go back to login page and request again.',
    );
  }
  return session;
}

/** Ends a session now (used for one-time sessions once their code is issued). */
export async function endSession(db: Database, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt: now }).where(eq(sessions.id, sessionId));
}

/** Plain http is only tolerated for a local origin; anywhere else the cookie is Secure. */
export function isLocalHttpOrigin(origin: string): boolean {
  const url = new URL(origin);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export function setSessionCookie(c: Context, token: string, publicOrigin: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: !isLocalHttpOrigin(publicOrigin),
    maxAge: SESSION_LIFETIME_MS / 1000,
  });
}
