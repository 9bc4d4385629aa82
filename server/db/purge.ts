import { and, gt, isNull, lt, notInArray } from 'drizzle-orm';
import { purgeOutbox } from '../delivery/outbox.ts';
import { purgeBackchannelLogouts } from '../oauth/backchannel/queue.ts';
import { purgeWrongCodes } from '../two-factor/attempts.service.ts';
import type { Database } from './client.ts';
import { accountTokens } from './schema.account.ts';
import { deviceGrants } from './schema.device.ts';
import { passkeyChallenges } from './schema.passkeys.ts';
import {
  authCodes,
  clientAssertionJtis,
  clientSecrets,
  rateLimits,
  refreshTokens,
  revokedAccessTokens,
  sessions,
  signingKeys,
} from './schema.ts';
import { mfaCodes } from './schema.two-factor.ts';

/**
 * Deletes rows that can no longer matter (hourly, from server/start.ts). Codes are kept a day past expiry so a late replay is still
 * recognised as a replay; refresh-token rows outlive their expiry for the same reason.
 */
export async function purgeExpired(db: Database, now: Date): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  const dayAgo = new Date(now.getTime() - day);
  // Rate-limit windows and lockouts that have ended count as nothing; their rows can go.
  await db.delete(rateLimits).where(lt(rateLimits.expire, now));
  await db.delete(revokedAccessTokens).where(lt(revokedAccessTokens.expiresAt, now));
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, dayAgo));
  // A live session's codes stay: they name the apps that took part in it, which hear of its end
  // (Back-Channel Logout, server/oauth/backchannel/queue.ts).
  const live = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(isNull(sessions.endedAt), gt(sessions.expiresAt, now), gt(sessions.idleExpiresAt, now)));
  await db
    .delete(authCodes)
    .where(and(lt(authCodes.expiresAt, dayAgo), notInArray(authCodes.sessionId, live)));
  // Sent security codes count towards the 15-minute send limit and answer "used"/"expired" for a while;
  // a day on, neither matters. Wrong-code rows stop counting after their window; the outbox after a day.
  await db.delete(mfaCodes).where(lt(mfaCodes.expiresAt, dayAgo));
  await purgeWrongCodes(db, now);
  // Emailed links: a day past expiry a replayed link answers "expired" just the same (unknown), and
  // rows older than the 10-minute window no longer count towards the email limit.
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, dayAgo));
  await purgeOutbox(db, now);
  // Room activation grants: a day past expiry a device polling an old code gets invalid_grant instead of
  // expired_token, which tells it the same thing.
  await db.delete(deviceGrants).where(lt(deviceGrants.expiresAt, dayAgo));
  // Passkey challenges: an expired one verifies nothing, and a late one answers 752 unknown or expired alike.
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  // A day later than codes: a code may outlive its session by its 60 s, and it references the session.
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date(now.getTime() - 2 * day)));
  // Rotated-out signing keys past retirement: every token they signed has expired (docs/deployment.md).
  await db.delete(signingKeys).where(lt(signingKeys.retireAt, now));
  // A client assertion's jti is kept only while the assertion could still be replayed; a rotated-away
  // client secret once its overlap has passed.
  await db.delete(clientAssertionJtis).where(lt(clientAssertionJtis.expiresAt, now));
  await db.delete(clientSecrets).where(lt(clientSecrets.expiresAt, now));
  await purgeBackchannelLogouts(db, now);
}
