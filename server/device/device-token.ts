import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { clientIdSchema } from '../../api/contract/config.ts';
import type { Client } from '../clients/clients.service.ts';
import { type DeviceGrant, deviceGrants } from '../db/schema.device.ts';
import { invalidGrant, OAuthFailure } from '../oauth/oauth-errors.ts';
import { issueTokens, type TokenContext, type TokenResponse } from '../oauth/token.service.ts';
import { sha256Hex } from '../security/tokens.ts';
import { allowsDeviceGrant } from './device.service.ts';
import { DEVICE_CODE_GRANT_TYPE, SLOW_DOWN_STEP_SECONDS } from './device.settings.ts';

/** RFC 8628 §3.4's token request. */
export const deviceCodeGrant = z.object({
  grant_type: z.literal(DEVICE_CODE_GRANT_TYPE),
  client_id: clientIdSchema,
  device_code: z.string().min(1).max(4096),
});

/**
 * One poll of the token endpoint with a device code (RFC 8628 §3.4, §3.5). Approved: the tokens, issued
 * once by the same code as the authorization_code grant. Otherwise an error the device acts on:
 * authorization_pending (poll again), slow_down (polled before its interval was up: the interval grows
 * by 5 s and is remembered), access_denied, expired_token; invalid_grant for a code that is unknown or
 * whose tokens were already collected.
 */
export async function pollDeviceGrant(
  ctx: TokenContext,
  client: Client,
  deviceCode: string,
): Promise<TokenResponse> {
  const { db, now } = ctx;
  if (!allowsDeviceGrant(client))
    throw new OAuthFailure('unauthorized_client', 'This client may not use the device authorization grant');
  const [grant] = await db
    .select()
    .from(deviceGrants)
    .where(eq(deviceGrants.deviceCodeHash, sha256Hex(deviceCode)))
    .limit(1);
  if (!grant) throw invalidGrant('The device code is invalid');
  if (grant.clientId !== client.id)
    throw new OAuthFailure('invalid_client', 'The device code was issued to another client');
  const tooEarly = await countPoll(ctx, grant);

  if (grant.status === 'issued') throw invalidGrant('The tokens of this device code were already issued');
  if (grant.status === 'denied') throw new OAuthFailure('access_denied', 'The user denied the request');
  if (grant.status === 'approved') return collect(ctx, grant, client);
  if (grant.expiresAt <= now) throw new OAuthFailure('expired_token', 'The device code has expired');
  if (tooEarly)
    throw new OAuthFailure(
      'slow_down',
      `Polled too often: wait at least ${grant.intervalSeconds + SLOW_DOWN_STEP_SECONDS} seconds between requests`,
    );
  throw new OAuthFailure('authorization_pending', 'The user has not yet approved the request');
}

/**
 * Records the poll and says whether it came before the grant's interval was up, in which case the
 * interval grows (pending grants only: slow_down is an answer to polling a pending request). The update
 * is conditional on the last poll read, so of two concurrent polls one is counted as too early.
 */
async function countPoll(ctx: TokenContext, grant: DeviceGrant): Promise<boolean> {
  const { db, now } = ctx;
  const last = grant.lastPolledAt;
  const early = last !== null && now.getTime() - last.getTime() < grant.intervalSeconds * 1000;
  const slowDown = early && grant.status === 'pending' && grant.expiresAt > now;
  const [counted] = await db
    .update(deviceGrants)
    .set({
      polls: sql`${deviceGrants.polls} + 1`,
      lastPolledAt: now,
      ...(slowDown ? { intervalSeconds: grant.intervalSeconds + SLOW_DOWN_STEP_SECONDS } : {}),
    })
    .where(
      and(
        eq(deviceGrants.id, grant.id),
        last === null ? isNull(deviceGrants.lastPolledAt) : eq(deviceGrants.lastPolledAt, last),
      ),
    )
    .returning({ id: deviceGrants.id });
  if (counted) return slowDown;
  await db
    .update(deviceGrants)
    .set({ polls: sql`${deviceGrants.polls} + 1` })
    .where(eq(deviceGrants.id, grant.id));
  return grant.status === 'pending';
}

/**
 * approved → issued in one conditional update, so the tokens go out once however many polls race. An
 * approval stays collectable for one interval past the code's expiry: a person who approved in the
 * last seconds must not see "activated" while the room shows "expired".
 */
async function collect(ctx: TokenContext, grant: DeviceGrant, client: Client): Promise<TokenResponse> {
  const { db, now } = ctx;
  const collectableUntil = grant.expiresAt.getTime() + grant.intervalSeconds * 1000;
  if (now.getTime() >= collectableUntil)
    throw new OAuthFailure('expired_token', 'The device code has expired');
  const [issued] = await db
    .update(deviceGrants)
    .set({ status: 'issued' })
    .where(and(eq(deviceGrants.id, grant.id), eq(deviceGrants.status, 'approved')))
    .returning();
  if (!issued?.userId || issued.grantedScope === null || issued.codeHash === null)
    throw invalidGrant('The tokens of this device code were already issued');
  return issueTokens(ctx, {
    familyId: randomUUID(),
    codeHash: issued.codeHash,
    client,
    userId: issued.userId,
    scope: issued.grantedScope,
    // A room is a device, not a person's relying party: it gets no ID token (docs/room-activation.md).
    signIn: null,
  });
}
