import { randomInt } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import * as oauth from 'oauth4webapi';
import { formatUserCode, USER_CODE_ALPHABET, USER_CODE_LENGTH } from '../../api/contract/device.ts';
import type { Client } from '../clients/clients.service.ts';
import type { Database } from '../db/client.ts';
import { type DeviceGrant, deviceGrants } from '../db/schema.device.ts';
import { DEVICE_CALLBACK_PATH } from '../db/seed-data.ts';
import type { RedeemedCode } from '../oauth/token.service.ts';
import { randomToken, sha256Base64Url, sha256Hex } from '../security/tokens.ts';
import { DEVICE_CODE_GRANT_TYPE, type DeviceSettings } from './device.settings.ts';

/** Where the person goes (RFC 8628 §3.2 verification_uri); the sign-in comes back to DEVICE_CALLBACK_PATH. */
export const VERIFICATION_PATH = '/device';

export const allowsDeviceGrant = (client: Client) => client.grantTypes.includes(DEVICE_CODE_GRANT_TYPE);

/** RFC 8628 §3.2's answer, as the device authorization endpoint sends it. */
export interface DeviceAuthorization {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

/** Eight letters of the contract's alphabet, each drawn uniformly (randomInt has no modulo bias). */
export function newUserCode(): string {
  let code = '';
  for (let i = 0; i < USER_CODE_LENGTH; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

/**
 * Starts a grant. A user code already held by another pending grant (one chance in 20^8 per live
 * grant) makes the insert do nothing, and a fresh code is drawn.
 */
export async function startDeviceGrant(
  db: Database,
  request: { client: Client; scope: string; publicOrigin: string },
  settings: DeviceSettings,
  now: Date,
): Promise<DeviceAuthorization> {
  const deviceCode = randomToken();
  for (let attempt = 0; attempt < 5; attempt++) {
    const userCode = newUserCode();
    const [row] = await db
      .insert(deviceGrants)
      .values({
        deviceCodeHash: sha256Hex(deviceCode),
        userCode,
        clientId: request.client.id,
        scope: request.scope,
        intervalSeconds: settings.intervalSeconds,
        state: oauth.generateRandomState(),
        codeVerifier: oauth.generateRandomCodeVerifier(),
        createdAt: now,
        expiresAt: new Date(now.getTime() + settings.lifetimeSeconds * 1000),
      })
      .onConflictDoNothing()
      .returning({ id: deviceGrants.id });
    if (!row) continue;
    const verificationUri = `${request.publicOrigin}${VERIFICATION_PATH}`;
    const shown = formatUserCode(userCode);
    return {
      device_code: deviceCode,
      user_code: shown,
      verification_uri: verificationUri,
      verification_uri_complete: `${verificationUri}?${new URLSearchParams({ user_code: shown })}`,
      expires_in: settings.lifetimeSeconds,
      interval: settings.intervalSeconds,
    };
  }
  throw new Error('no free user code after 5 draws');
}

/** The pending, unexpired grant this (normalised) user code names. */
export async function liveGrantByUserCode(
  db: Database,
  userCode: string,
  now: Date,
): Promise<DeviceGrant | undefined> {
  const [grant] = await db
    .select()
    .from(deviceGrants)
    .where(
      and(
        eq(deviceGrants.userCode, userCode),
        eq(deviceGrants.status, 'pending'),
        gt(deviceGrants.expiresAt, now),
      ),
    )
    .limit(1);
  return grant;
}

export async function grantByState(db: Database, state: string): Promise<DeviceGrant | undefined> {
  const [grant] = await db.select().from(deviceGrants).where(eq(deviceGrants.state, state)).limit(1);
  return grant;
}

/**
 * The sign-in that approves the room: the room client's own authorisation request, made by this server
 * on the device's behalf (the device has no browser). PKCE's verifier stays here; the state finds the
 * grant again at /device/callback. prompt=consent: the consent page is where the person approves this
 * room, so it shows every time, even if they allowed the app before.
 */
export function authorizeUrlFor(grant: DeviceGrant, client: Client, publicOrigin: string): string {
  const query = new URLSearchParams({
    client_id: client.id,
    response_type: 'code',
    redirect_uri: `${publicOrigin}${DEVICE_CALLBACK_PATH}`,
    scope: grant.scope,
    state: grant.state,
    code_challenge: sha256Base64Url(grant.codeVerifier),
    code_challenge_method: 'S256',
    prompt: 'consent',
  });
  if (client.brandId) query.set('brand_id', client.brandId);
  return `/oauth/authorize?${query}`;
}

/** pending → approved (only from pending, and only while live); false when it was not. */
export async function approveGrant(
  db: Database,
  grant: DeviceGrant,
  redeemed: RedeemedCode,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(deviceGrants)
    .set({
      status: 'approved',
      userId: redeemed.userId,
      grantedScope: redeemed.scope,
      codeHash: redeemed.codeHash,
      decidedAt: now,
    })
    .where(
      and(eq(deviceGrants.id, grant.id), eq(deviceGrants.status, 'pending'), gt(deviceGrants.expiresAt, now)),
    )
    .returning({ id: deviceGrants.id });
  return rows.length === 1;
}

/** pending → denied: the person refused on the consent page. */
export async function denyGrant(db: Database, grant: DeviceGrant, now: Date): Promise<boolean> {
  const rows = await db
    .update(deviceGrants)
    .set({ status: 'denied', decidedAt: now })
    .where(and(eq(deviceGrants.id, grant.id), eq(deviceGrants.status, 'pending')))
    .returning({ id: deviceGrants.id });
  return rows.length === 1;
}

export const isExpired = (grant: DeviceGrant, now: Date) => grant.expiresAt <= now;
