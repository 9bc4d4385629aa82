import { generateRegistrationOptions } from '@simplewebauthn/server';
import { and, eq, lte } from 'drizzle-orm';
import type { Context } from 'hono';
import type { RegistrationOptions, RegistrationResponse } from '../../api/contract/passkeys.ts';
import { loginIdOf } from '../auth/users.service.ts';
import { findBrand } from '../config/config.service.ts';
import { passkeyCredentials, passkeyUsers } from '../db/schema.passkeys.ts';
import { type ApiFailure, badRequest } from '../http/errors.ts';
import type { Caller } from '../security/caller-audit.ts';
import { requireSecondFactor } from '../two-factor/second-factor.service.ts';
import { auditPasskey, type PasskeyDeps, passkeyFailures } from './context.ts';
import { passkeysAllowed } from './passkey-brands.ts';
import { passkeyNameOf } from './passkey-names.ts';
import {
  consumeChallenge,
  createChallenge,
  ensurePasskeyUser,
  needsReenrolment,
  passkeysOf,
  summaryOf,
} from './passkey-store.ts';
import {
  CEREMONY_TIMEOUT_MS,
  knownTransports,
  PUBLIC_KEY_ALGORITHMS,
  verifyAttestation,
} from './webauthn.ts';

/** The credential id is registered already (to this account or, in theory, another). */
class AlreadyRegistered extends Error {}

export interface RegistrationRequest {
  challengeId: string;
  credential: RegistrationResponse;
  name?: string | undefined;
}

/**
 * Creating a passkey for the signed-in account (docs/passkeys.md). Both calls need a brand that offers
 * passkeys (755) and a sign-in that has done whatever second factor the account asks, by the code
 * request's own rule (306/224): a password alone must never be enough to mint a passkey, which would
 * then sign in as both factors.
 */
export function registrationService(deps: PasskeyDeps) {
  const { db } = deps;
  const scopeOf = (caller: Caller) => ({ clientIp: caller.clientIp, sessionId: caller.session.publicId });

  async function requireMayRegister(c: Context, caller: Caller, now: Date) {
    const { session } = caller;
    if (!(await passkeysAllowed(db, session.user.brandId))) throw passkeyFailures.notAllowed();
    const trustedDevice = deps.trustedDevices.read(c, now);
    await requireSecondFactor(db, { userId: session.user.id, sessionId: session.id, trustedDevice }, now);
  }

  return {
    /**
     * Options for a discoverable, user-verified credential under the account's random handle. The
     * account's passkeys that still sign in are excluded (an authenticator holding one says so instead
     * of making a second); those awaiting re-enrolment are not, so the same authenticator can replace them.
     */
    async options(c: Context, caller: Caller, platform: boolean, now: Date): Promise<RegistrationOptions> {
      await requireMayRegister(c, caller, now);
      const { user } = caller.session;
      const identity = await ensurePasskeyUser(db, user.id);
      const usable = (await passkeysOf(db, user.id)).filter(
        (row) => !needsReenrolment(row, identity.reenrolmentRequiredAt),
      );
      const { row, bytes } = await createChallenge(db, { purpose: 'registration', userId: user.id }, now);
      const loginId = loginIdOf(user);
      const options = await generateRegistrationOptions({
        rpName: (await findBrand(db, user.brandId)).name,
        rpID: deps.rp.id,
        userName: loginId,
        userID: new Uint8Array(Buffer.from(identity.userHandle, 'base64url')),
        userDisplayName: user.displayName || loginId,
        challenge: bytes,
        timeout: CEREMONY_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: usable.map((passkey) => ({
          id: passkey.credentialId,
          transports: knownTransports(passkey.transports),
        })),
        authenticatorSelection: {
          residentKey: 'required',
          requireResidentKey: true,
          userVerification: 'required',
          ...(platform ? { authenticatorAttachment: 'platform' as const } : {}),
        },
        supportedAlgorithmIDs: PUBLIC_KEY_ALGORITHMS,
      });
      return { challengeId: row.id, options } as RegistrationOptions;
    },

    /**
     * Verifies and stores the new passkey. The challenge is used up first, whatever follows (752 when it
     * is not this account's registration challenge). When the administrator had required re-enrolment,
     * the passkeys from before the flag go (each audited) and the flag is cleared, with the new one
     * stored in the same transaction.
     */
    async register(c: Context, caller: Caller, request: RegistrationRequest, now: Date) {
      const { session } = caller;
      const scope = scopeOf(caller);
      const challenge = await consumeChallenge(db, request.challengeId, 'registration', now);
      await requireMayRegister(c, caller, now);
      const refuse = async (failure: ApiFailure, reason: string) => {
        const detail = { code: failure.code, reason };
        await auditPasskey(deps, scope, session.user.id, 'passkey.registration_refused', detail, now);
        throw failure;
      };
      if (!challenge || challenge.userId !== session.user.id)
        return refuse(passkeyFailures.challengeExpired(), 'challenge');
      const verified = await verifyAttestation(deps.rp, challenge.challenge, request.credential);
      if (!verified.ok) return refuse(passkeyFailures.notVerified(), verified.reason);
      const { credential, credentialDeviceType, credentialBackedUp } = verified.info;

      const name = passkeyNameOf(request.name, c.req.header('user-agent'));
      const userId = session.user.id;
      const store = () =>
        db.transaction(async (tx) => {
          const [identity] = await tx
            .select()
            .from(passkeyUsers)
            .where(eq(passkeyUsers.userId, userId))
            .for('update');
          const flag = identity?.reenrolmentRequiredAt ?? null;
          const replaced = flag
            ? await tx
                .delete(passkeyCredentials)
                .where(and(eq(passkeyCredentials.userId, userId), lte(passkeyCredentials.createdAt, flag)))
                .returning({ id: passkeyCredentials.id })
            : [];
          if (flag)
            await tx
              .update(passkeyUsers)
              .set({ reenrolmentRequiredAt: null })
              .where(eq(passkeyUsers.userId, userId));
          const [row] = await tx
            .insert(passkeyCredentials)
            .values({
              credentialId: credential.id,
              userId,
              publicKey: Buffer.from(credential.publicKey).toString('base64url'),
              signCounter: credential.counter,
              transports: knownTransports(credential.transports ?? request.credential.response.transports),
              deviceType: credentialDeviceType,
              backedUp: credentialBackedUp,
              name,
              createdAt: now,
            })
            .onConflictDoNothing()
            .returning();
          // Thrown, so the re-enrolment's removals roll back with it.
          if (!row) throw new AlreadyRegistered();
          return { row, replaced };
        });
      let stored: Awaited<ReturnType<typeof store>>;
      try {
        stored = await store();
      } catch (error) {
        if (error instanceof AlreadyRegistered)
          return refuse(badRequest('This passkey is already registered'), 'duplicate');
        throw error;
      }
      // Audited once committed: inside the transaction the audit's own connection would wait on it (PGlite).
      for (const old of stored.replaced) {
        const detail = { passkeyId: String(old.id), reason: 'reenrolment' };
        await auditPasskey(deps, scope, userId, 'passkey.removed', detail, now);
      }
      await auditPasskey(
        deps,
        scope,
        userId,
        'passkey.registered',
        { passkeyId: String(stored.row.id) },
        now,
      );
      return { passkey: summaryOf(stored.row, null) };
    },
  };
}

export type RegistrationService = ReturnType<typeof registrationService>;
