import * as z from 'zod/mini';
import { MAX_ACCOUNTS_PER_BROWSER } from '../api/contract/session.ts';
import { sameLogin } from '../api/startupRule.ts';

/**
 * Spec §3 "previous sign-in credential (persistent)", grown into the account picker's list (spec §2
 * /selectAccount): the accounts this browser remembers, most recent first, at most five. An account
 * is only written here when the user asked to be remembered; opting out forgets it. Never a password
 * or a session id: only what the picker shows and the credential it continues with.
 */
export interface RememberedAccount {
  /** The credential as typed: an email, or a phone number with `#ext` (api/credential.ts). */
  loginId: string;
  /** Empty when unknown (a credential remembered before names were kept). */
  displayName: string;
  /** Empty when unknown; the picker then shows the brand the page started with. */
  brandId: string;
  /** The account signed in with a passkey here, or created one here: the picker's row offers it. */
  passkey?: boolean | undefined;
}

/** One row of the picker: a remembered account, a signed-in one, or both. */
export interface PickerAccount extends RememberedAccount {
  /** The live platform session's public id when this account is signed in here. */
  sessionId?: string | undefined;
  remembered: boolean;
}

const rememberedAccountSchema = z.object({
  loginId: z.string().check(z.minLength(1), z.maxLength(254)),
  displayName: z.string().check(z.maxLength(128)),
  // A brand id (brandIdSchema's digits) or ''; one pattern rather than a z.union (api/contract/envelope.ts).
  brandId: z.string().check(z.regex(/^(\d{1,6})?$/, 'brandId must be digits or empty')),
  passkey: z.optional(z.boolean()),
});

const ACCOUNTS_KEY = 'foyer.accounts';
/** Where an earlier version kept the one remembered credential; read once, then replaced. */
const PREVIOUS_CREDENTIAL_KEY = 'foyer.previousCredential';

export function readRememberedAccounts(storage: Pick<Storage, 'getItem'> | undefined): RememberedAccount[] {
  try {
    const raw = storage?.getItem(ACCOUNTS_KEY);
    if (raw) {
      const list = JSON.parse(raw);
      if (!Array.isArray(list)) return [];
      // Entries are checked one by one: one damaged entry must not cost the others.
      return list
        .flatMap((entry) => rememberedAccountSchema.safeParse(entry).data ?? [])
        .slice(0, MAX_ACCOUNTS_PER_BROWSER);
    }
    const previous = rememberedAccountSchema.shape.loginId.safeParse(
      storage?.getItem(PREVIOUS_CREDENTIAL_KEY),
    );
    return previous.success ? [{ loginId: previous.data, displayName: '', brandId: '' }] : [];
  } catch {
    return [];
  }
}

export function writeRememberedAccounts(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined,
  accounts: readonly RememberedAccount[],
): void {
  try {
    storage?.removeItem(PREVIOUS_CREDENTIAL_KEY);
    if (accounts.length === 0) storage?.removeItem(ACCOUNTS_KEY);
    else storage?.setItem(ACCOUNTS_KEY, JSON.stringify(accounts.slice(0, MAX_ACCOUNTS_PER_BROWSER)));
  } catch {
    // Storage full or disabled (private mode): the picker simply does not offer these next time.
  }
}

/** The list with this account first (it signed in last); the oldest falls off past five. */
export function withAccountFirst(
  accounts: readonly RememberedAccount[],
  account: RememberedAccount,
): RememberedAccount[] {
  // A passkey once used here stays offered when the account signs in again with its password.
  const known = accounts.find((candidate) => sameLogin(candidate.loginId, account.loginId));
  const entry = known?.passkey && account.passkey === undefined ? { ...account, passkey: true } : account;
  return [entry, ...withoutAccount(accounts, account.loginId)].slice(0, MAX_ACCOUNTS_PER_BROWSER);
}

/** The list with this remembered account marked as having a passkey here (unchanged if not remembered). */
export function withPasskeyMark(
  accounts: readonly RememberedAccount[],
  loginId: string,
): RememberedAccount[] {
  return accounts.map((account) =>
    sameLogin(account.loginId, loginId) ? { ...account, passkey: true } : account,
  );
}

export function withoutAccount(accounts: readonly RememberedAccount[], loginId: string): RememberedAccount[] {
  return accounts.filter((account) => !sameLogin(account.loginId, loginId));
}
