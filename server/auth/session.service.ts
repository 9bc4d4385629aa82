import { and, eq, gt } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { randomToken, sha256Hex } from '../security/tokens.ts';
import type { User } from './users.service.ts';

export const SESSION_COOKIE = 'foyer_session';
const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;

export interface SignedInSession {
  sessionId: number;
  user: User;
}

/** Starts a session; only the SHA-256 of the cookie value is stored. */
export async function createSession(db: Database, userId: number, now: Date): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    tokenHash: sha256Hex(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
  });
  return token;
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
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256Hex(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
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
