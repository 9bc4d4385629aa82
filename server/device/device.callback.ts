import type { Client } from '../clients/clients.service.ts';
import { findClient } from '../clients/clients.service.ts';
import type { Database } from '../db/client.ts';
import type { DeviceGrant } from '../db/schema.device.ts';
import { DEVICE_CALLBACK_PATH } from '../db/seed-data.ts';
import { OAuthFailure } from '../oauth/oauth-errors.ts';
import type { SigningKeys } from '../oauth/signing-keys.ts';
import { redeemCode } from '../oauth/token.service.ts';
import { sha256Hex } from '../security/tokens.ts';
import { approveGrant, denyGrant, grantByState, isExpired } from './device.service.ts';

/** The SPA's pages after the sign-in (their names are the SPA's route table's). */
export const ROOM_ACTIVATED = 'roomActivated';
export const ROOM_DENIED = 'roomNotActivated/denied';
export const ROOM_EXPIRED = 'roomNotActivated/expired';
export const ROOM_FAILED = 'roomNotActivated/failed';

export interface CallbackDeps {
  db: Database;
  keys: SigningKeys;
  publicOrigin: string;
  now: () => Date;
}

/** What came back to /device/callback: the authorisation response, each parameter present once or not at all. */
export interface CallbackParams {
  state: string | undefined;
  code: string | undefined;
  error: string | undefined;
}

/**
 * The states device grants are given (oauth4webapi's generateRandomState: 32 random bytes, base64url).
 * Anything else names no grant, and is not looked up: PostgreSQL text cannot even hold a NUL.
 */
const ISSUED_STATE = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The end of the sign-in that approves a room: the state finds the grant; a code is redeemed by the
 * token service's own redemption (single use, PKCE checked against the verifier kept for the grant),
 * and the grant is approved for the user and scope the code carries. access_denied (the consent page's
 * Deny) denies the grant. Any other error, a cancelled sign-in say, leaves the grant pending: the
 * person may try the same code again until it expires. A reload of a completed callback shows the same
 * outcome again.
 */
export async function completeSignIn(
  deps: CallbackDeps,
  params: CallbackParams,
): Promise<{ route: string; client: Client | undefined }> {
  const { db, now } = deps;
  const { state } = params;
  const grant = state !== undefined && ISSUED_STATE.test(state) ? await grantByState(db, state) : undefined;
  if (!grant) return { route: ROOM_FAILED, client: undefined };
  const client = await findClient(db, grant.clientId);
  const at = now();
  const outcome = (route: string) => ({ route, client });

  if (params.error !== undefined) {
    if (params.error === 'access_denied' && (grant.status === 'denied' || (await denyGrant(db, grant, at))))
      return outcome(ROOM_DENIED);
    return outcome(isExpired(grant, at) ? ROOM_EXPIRED : ROOM_FAILED);
  }
  if (params.code === undefined || !client) return outcome(ROOM_FAILED);
  if (grant.status !== 'pending') return outcome(alreadyDecided(grant, params.code, at));
  if (isExpired(grant, at)) return outcome(ROOM_EXPIRED);

  const context = { db, keys: deps.keys, issuer: deps.publicOrigin, now: at };
  const redeemed = await redeemCode(context, client, {
    code: params.code,
    redirectUri: `${deps.publicOrigin}${DEVICE_CALLBACK_PATH}`,
    codeVerifier: grant.codeVerifier,
  }).catch((error: unknown) => {
    if (error instanceof OAuthFailure) return undefined;
    throw error;
  });
  if (!redeemed) return outcome(ROOM_FAILED);
  if (await approveGrant(db, grant, redeemed, at)) return outcome(ROOM_ACTIVATED);
  // Decided meanwhile (a second tab), or expired between the two reads.
  const current = await grantByState(db, grant.state);
  return outcome(
    current?.status === 'denied' ? ROOM_DENIED : isExpired(grant, at) ? ROOM_EXPIRED : ROOM_FAILED,
  );
}

/** A callback for a grant already decided: the same code again is a reload of the approval. */
function alreadyDecided(grant: DeviceGrant, code: string, at: Date): string {
  if (grant.status === 'denied') return ROOM_DENIED;
  if (grant.codeHash === sha256Hex(code)) return ROOM_ACTIVATED;
  return isExpired(grant, at) ? ROOM_EXPIRED : ROOM_FAILED;
}
