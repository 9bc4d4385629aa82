import type { Context } from 'hono';
import type { PasskeyOffer } from '../../api/contract/passkeys.ts';
import type { PlatformSession } from '../auth/session.service.ts';
import type { Database } from '../db/client.ts';
import { signedEntriesCookie } from '../security/signed-entries.ts';
import { requireSecondFactor, SecondFactorNeeded } from '../two-factor/second-factor.service.ts';
import type { TrustedDevices } from '../two-factor/trusted-device.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** "Not now" to the passkey offer holds this long for the account on the device. */
export const OFFER_DISMISSAL_DAYS = 30;

/**
 * "Not now" to the offer of a passkey, remembered per account on this device: a signed entry
 * `<user id>.<expiry>.<HMAC>` in `foyer_passkey_offer` (server/security/signed-entries.ts).
 */
export function offerDismissals(publicOrigin: string, key: Buffer) {
  const cookie = signedEntriesCookie({
    baseName: 'foyer_passkey_offer',
    purpose: 'passkey-offer',
    publicOrigin,
    key,
    fieldCount: 1,
  });
  return {
    cookieName: cookie.cookieName,
    dismissed: (c: Context, userId: number, now: Date) =>
      cookie.read(c, now).some((entry) => entry.fields[0] === userId),
    dismiss: (c: Context, userId: number, now: Date) =>
      cookie.put(
        c,
        { fields: [userId], expiresAt: new Date(now.getTime() + OFFER_DISMISSAL_DAYS * DAY_MS) },
        now,
      ),
  };
}

export type OfferDismissals = ReturnType<typeof offerDismissals>;

/**
 * Whether this sign-in has what the account asks beyond a password, by the code request's own rule
 * (requireSecondFactor: a verified code, a passkey sign-in, or a trusted device). Minting a passkey
 * needs it: otherwise a password alone would get past two-factor for good.
 */
export async function secondFactorSatisfied(
  db: Database,
  trustedDevices: TrustedDevices,
  c: Context,
  session: PlatformSession,
  now: Date,
): Promise<boolean> {
  try {
    await requireSecondFactor(
      db,
      { userId: session.user.id, sessionId: session.id, trustedDevice: trustedDevices.read(c, now) },
      now,
    );
    return true;
  } catch (error) {
    if (error instanceof SecondFactorNeeded) return false;
    throw error;
  }
}

/**
 * Whether to offer a passkey after this sign-in: never on a brand without them, to an account that
 * already has one that signs in, or after "Not now" on this device; after the second factor when the
 * account still owes one (a passkey cannot be made before); otherwise now.
 */
export function offerOf(facts: {
  allowed: boolean;
  hasUsablePasskey: boolean;
  dismissed: boolean;
  secondFactorDone: boolean;
}): PasskeyOffer {
  if (!facts.allowed || facts.hasUsablePasskey || facts.dismissed) return 'none';
  return facts.secondFactorDone ? 'show' : 'afterSecondFactor';
}
