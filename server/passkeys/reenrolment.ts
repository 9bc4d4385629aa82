import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type CredentialLookup, findUser, normaliseCredential } from '../auth/users.service.ts';
import { findBrand } from '../config/config.service.ts';
import type { Database } from '../db/client.ts';
import { passkeyUsers } from '../db/schema.passkeys.ts';
import { databaseAudit } from '../security/audit.ts';
import { ensurePasskeyUser, passkeysOf } from './passkey-store.ts';

/**
 * The administrator's flag (`npm run passkeys:require-reenrolment`): from `now` on, the account's
 * passkeys created until then no longer sign in (754) and its list marks them; the next one the user
 * creates removes them and clears the flag. Undefined when no account has the login id (read in the
 * default brand's country when it is a number without a country code). Audited.
 */
export async function requireReenrolment(db: Database, lookup: CredentialLookup, now: Date) {
  // A database without its brands has no accounts either (users reference them).
  const brand = await findBrand(db, undefined).catch(() => undefined);
  const user = brand && (await findUser(db, normaliseCredential(brand, lookup)));
  if (!user) return undefined;
  await ensurePasskeyUser(db, user.id);
  await db.update(passkeyUsers).set({ reenrolmentRequiredAt: now }).where(eq(passkeyUsers.userId, user.id));
  // The key only digests a session and an address, and this event has neither: any key writes the same row.
  await databaseAudit(db, randomBytes(32)).record(
    { kind: 'passkey.reenrolment_required', userId: user.id },
    now,
  );
  return { userId: user.id, at: now, passkeys: (await passkeysOf(db, user.id)).length };
}
