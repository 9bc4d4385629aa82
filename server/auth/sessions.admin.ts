import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { EndedSession } from '../oauth/backchannel/queue.ts';
import { revokeTokensOfUsers } from '../oauth/token.service.ts';
import { endSessionsOfUsers } from './session.service.ts';
import { findUser } from './users.service.ts';

/** `npm run sessions -- end --email …`: what the operator names (emails are stored lower-cased). */
export const endByEmailInput = z.object({
  email: z
    .string({ error: '--email is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email('--email must be an email address')),
});

export type EndByEmailResult = { found: false } | { found: true; ended: EndedSession[] };

/**
 * Ends every session of one user, as an administrator would for a lost device or a compromised account:
 * sign-out everywhere without a browser. Every app that took part hears of it by Back-Channel Logout,
 * and, as with sign-out everywhere, the refresh tokens issued for the user are revoked with their
 * access tokens.
 */
export async function endSessionsByEmail(db: Database, email: string, now: Date): Promise<EndByEmailResult> {
  const user = await findUser(db, { kind: 'email', email });
  if (!user) return { found: false };
  const ended = await endSessionsOfUsers(db, [user.id], now);
  await revokeTokensOfUsers(db, [user.id], now);
  return { found: true, ended };
}
