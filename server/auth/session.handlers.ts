import { Hono } from 'hono';
import { logoutBody, sessionsQuery } from '../../api/contract/session.ts';
import type { Database } from '../db/client.ts';
import { ok } from '../http/reply.ts';
import { postInput, queryInput } from '../http/validate.ts';
import { revokeTokensOfUsers } from '../oauth/token.service.ts';
import { type BrowserSessions, signedInAccount } from './browser-sessions.ts';
import type { PlatformSession } from './session.service.ts';
import { endSessionsOfUsers } from './session.service.ts';

export interface SessionDeps {
  db: Database;
  sessions: BrowserSessions;
  now: () => Date;
}

const accountsOf = (held: readonly PlatformSession[]) => ({ accounts: held.map(signedInAccount) });

/** GET /api/sessions (the account picker) and POST /api/logout. */
export function sessionRoutes({ db, sessions, now }: SessionDeps) {
  return new Hono()
    .get('/sessions', async (c) => {
      queryInput(c, sessionsQuery);
      return ok(c, accountsOf(await sessions.list(c, now())));
    })
    .post('/logout', async (c) => {
      const body = await postInput(c, logoutBody);
      const at = now();
      const { ended, remaining } = await sessions.signOut(c, at, { publicId: body.sessionId });
      if (body.everywhere) {
        // The same accounts in every other browser, and what apps were given for them: a stolen
        // refresh token stops working now rather than in 30 days.
        const userIds = [...new Set(ended.map((session) => session.user.id))];
        await endSessionsOfUsers(db, userIds, at);
        await revokeTokensOfUsers(db, userIds, at);
      }
      return ok(c, accountsOf(remaining));
    });
}
