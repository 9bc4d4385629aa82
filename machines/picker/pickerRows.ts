import { MAX_ACCOUNTS_PER_BROWSER, type SignedInAccount } from '../../api/contract/session.ts';
import { sameLogin } from '../../api/startupRule.ts';
import type { PickerAccount, RememberedAccount } from '../accounts.ts';

// In the picker's chunk, not beside the remembered-account list in machines/accounts.ts, which the
// first screen loads to remember a sign-in: a module goes to one chunk with every export any chunk uses.
/**
 * The picker's rows: remembered accounts in their order, each marked with its live session when it has
 * one, then signed-in accounts this browser does not remember (signed in without remember me).
 */
export function pickerAccounts(
  remembered: readonly RememberedAccount[],
  signedIn: readonly SignedInAccount[],
): PickerAccount[] {
  const sessionOf = (loginId: string) => signedIn.find((account) => sameLogin(account.loginId, loginId));
  const rows: PickerAccount[] = remembered.map((account) => {
    const live = sessionOf(account.loginId);
    return {
      loginId: account.loginId,
      // The server's name and brand are newer than what was stored at the last sign-in.
      displayName: live?.displayName || account.displayName,
      brandId: live?.brandId ?? account.brandId,
      sessionId: live?.sessionId,
      passkey: account.passkey === true,
      remembered: true,
    };
  });
  for (const account of signedIn) {
    if (rows.some((row) => sameLogin(row.loginId, account.loginId))) continue;
    rows.push({ ...account, remembered: false });
  }
  return rows.slice(0, MAX_ACCOUNTS_PER_BROWSER * 2);
}
