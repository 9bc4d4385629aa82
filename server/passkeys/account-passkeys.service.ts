import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { PasskeyList } from '../../api/contract/passkeys.ts';
import { passkeyCredentials } from '../db/schema.passkeys.ts';
import type { Caller } from '../security/caller-audit.ts';
import { requireSecondFactor } from '../two-factor/second-factor.service.ts';
import { auditPasskey, type PasskeyDeps, passkeyFailures } from './context.ts';
import { offerOf, secondFactorSatisfied } from './offer.ts';
import { passkeysAllowed } from './passkey-brands.ts';
import { needsReenrolment, passkeysOf, passkeyUserOf, summaryOf } from './passkey-store.ts';

/** The largest serial id (int4). */
const MAX_ROW_ID = 2_147_483_647;

/** The signed-in account's own passkeys: the list with the offer, "Not now", and removal. */
export function accountPasskeysService(deps: PasskeyDeps) {
  const { db } = deps;

  async function list(c: Context, caller: Caller, now: Date): Promise<PasskeyList> {
    const { user } = caller.session;
    const allowed = await passkeysAllowed(db, user.brandId);
    const flag = (await passkeyUserOf(db, user.id))?.reenrolmentRequiredAt;
    const rows = await passkeysOf(db, user.id);
    const offer = offerOf({
      allowed,
      hasUsablePasskey: rows.some((row) => !needsReenrolment(row, flag)),
      dismissed: deps.dismissals.dismissed(c, user.id, now),
      secondFactorDone: await secondFactorSatisfied(db, deps.trustedDevices, c, caller.session, now),
    });
    return { allowed, offer, passkeys: rows.map((row) => summaryOf(row, flag)) };
  }

  return {
    list,

    /** "Not now": no offer for this account on this device for 30 days. */
    dismissOffer(c: Context, caller: Caller, now: Date): void {
      deps.dismissals.dismiss(c, caller.session.user.id, now);
    },

    /**
     * Removes one of the account's own passkeys (another account's id is unknown here: 751, HTTP 404)
     * and answers the list as it is now. Like minting one, it takes the sign-in's second factor when the
     * account asks for one (306/224, the code request's rule): a password alone must not strip the account of its passkeys.
     */
    async remove(c: Context, caller: Caller, passkeyId: string, now: Date): Promise<PasskeyList> {
      const { session } = caller;
      const trustedDevice = deps.trustedDevices.read(c, now);
      await requireSecondFactor(db, { userId: session.user.id, sessionId: session.id, trustedDevice }, now);
      const id = Number(passkeyId);
      // Past int4 no row can match, and PostgreSQL would refuse the comparison.
      if (id > MAX_ROW_ID) throw passkeyFailures.unknown(404);
      const removed = await db
        .delete(passkeyCredentials)
        .where(and(eq(passkeyCredentials.id, id), eq(passkeyCredentials.userId, session.user.id)))
        .returning({ id: passkeyCredentials.id });
      if (removed.length === 0) throw passkeyFailures.unknown(404);
      const scope = { clientIp: caller.clientIp, sessionId: session.publicId };
      await auditPasskey(deps, scope, session.user.id, 'passkey.removed', { passkeyId, reason: 'user' }, now);
      return list(c, caller, now);
    },
  };
}

export type AccountPasskeysService = ReturnType<typeof accountPasskeysService>;
