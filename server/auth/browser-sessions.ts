import type { Context } from 'hono';
import { backendCode } from '../../api/contract/backendCodes.ts';
import { MAX_ACCOUNTS_PER_BROWSER, type SignedInAccount } from '../../api/contract/session.ts';
import type { Database } from '../db/client.ts';
import { ApiFailure } from '../http/errors.ts';
import type { AuthMethod } from './amr.ts';
import {
  createSession,
  endSessions,
  type HeldSession,
  type PlatformSession,
  sessionsOfTokens,
  touchSession,
} from './session.service.ts';
import { type SessionCookies, sessionCookies } from './session-cookies.ts';
import { loginIdOf, type User } from './users.service.ts';

export interface BrowserSessionsDeps {
  db: Database;
  publicOrigin: string;
}

/** Spec §8 221 (INVALID_SESSION_TOKEN): the SPA treats it as an expired session. */
export const invalidSession = () =>
  new ApiFailure(
    401,
    backendCode.invalidSessionToken,
    'Invalid request. Go back to login page and request again.',
  );

/**
 * The sessions one browser holds (its cookies), several accounts at once: what every handler that
 * signs in, signs out or acts for a signed-in user goes through, so the cookie rules live here only.
 */
export function browserSessions({ db, publicOrigin }: BrowserSessionsDeps) {
  const cookies: SessionCookies = sessionCookies(publicOrigin);

  const read = async (c: Context, now: Date) => {
    const presented = cookies.read(c);
    const held = await sessionsOfTokens(db, [...presented.session, ...presented.persistent], now);
    return { presented, held };
  };

  /** This browser's live sessions, most recent sign-in first. */
  const list = async (c: Context, now: Date): Promise<HeldSession[]> =>
    (await read(c, now)).held.slice(0, MAX_ACCOUNTS_PER_BROWSER);

  return {
    cookieNames: cookies.names,
    list,

    /**
     * The session a call acts for: the one with this public id among the browser's, or without an id
     * the most recent; 221 when there is none. Using it counts as activity (idle expiry moves on).
     */
    async require(c: Context, now: Date, publicId?: string): Promise<PlatformSession> {
      const held = await list(c, now);
      const session = publicId === undefined ? held[0] : held.find((entry) => entry.publicId === publicId);
      if (!session) throw invalidSession();
      await touchSession(db, session, now);
      return session;
    },

    /**
     * A successful sign-in: always a new token (an id presented before sign-in is never reused, so a
     * planted cookie cannot become the victim's session). The account's earlier session in this browser
     * is replaced (ended); beyond MAX_ACCOUNTS_PER_BROWSER the oldest sign-in is ended.
     */
    async signIn(
      c: Context,
      user: User,
      rememberMe: boolean,
      now: Date,
      amr: readonly AuthMethod[],
    ): Promise<PlatformSession> {
      const { presented, held } = await read(c, now);
      const created = await createSession(db, user, rememberMe, now, amr);
      const others = held.filter((session) => session.user.id !== user.id);
      const kept = [created, ...others].slice(0, MAX_ACCOUNTS_PER_BROWSER);
      const ended = held.filter((session) => !kept.includes(session));
      await endSessions(
        db,
        ended.map((session) => session.id),
        now,
      );
      cookies.write(c, presented, kept, now);
      return created;
    },

    /**
     * Ends this browser's sessions that match (all without a filter) and rewrites the cookies to hold
     * the rest. An id that names no live session here ends nothing: signing out is idempotent.
     */
    async signOut(
      c: Context,
      now: Date,
      which: { publicId?: string | undefined; userId?: number | undefined } = {},
    ): Promise<{ ended: HeldSession[]; remaining: HeldSession[] }> {
      const { presented, held } = await read(c, now);
      const matches = (session: HeldSession) =>
        (which.publicId === undefined || session.publicId === which.publicId) &&
        (which.userId === undefined || session.user.id === which.userId);
      const ended = held.filter(matches);
      const remaining = held.filter((session) => !matches(session)).slice(0, MAX_ACCOUNTS_PER_BROWSER);
      await endSessions(
        db,
        ended.map((session) => session.id),
        now,
      );
      cookies.write(c, presented, remaining, now);
      return { ended, remaining };
    },
  };
}

export type BrowserSessions = ReturnType<typeof browserSessions>;

/** A session as GET /api/sessions shows it. */
export const signedInAccount = (session: PlatformSession): SignedInAccount => ({
  sessionId: session.publicId,
  brandId: session.brandId,
  displayName: session.user.displayName,
  loginId: loginIdOf(session.user),
  signedInAt: session.createdAt.toISOString(),
});
