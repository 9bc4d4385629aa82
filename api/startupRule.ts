import type { StartupParams } from './contract/startup.ts';
import { parseCredential } from './credential.ts';

/**
 * Spec §4 Start for a request that has not forced the first screen: which step the browser's
 * signed-in accounts decide. One function for both paths that decide it: the SPA's session check
 * (machines/states/accounts.ts) and /oauth/authorize, which answers a returning user with the code
 * itself when nothing needs a page (server/oauth/authorize.returning.ts, docs/sessions.md).
 */

/** A login id as typed compares without regard to case (emails), as the picker and the server do. */
export const sameLogin = (a: string | undefined, b: string | undefined) =>
  typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

/** A login_hint counts only when it reads as a credential (spec §2); anything else is ignored. */
export function loginHintOf(loginHint: string | undefined): string | undefined {
  const hint = loginHint?.trim() ?? '';
  return parseCredential(hint).ok ? hint : undefined;
}

export type NoAccountReason = 'signedOut' | 'hintNotSignedIn' | 'several';
export type AccountChoice<A> = { account: A } | { account?: undefined; reason: NoAccountReason };

/**
 * The signed-in account a request is for: the one login_hint names, else the only one. Several without
 * a hint that picks one is the user's choice (the picker), never the server's or the page's.
 */
export function chooseAccount<A extends { loginId: string }>(
  accounts: readonly A[],
  loginHint: string | undefined,
): AccountChoice<A> {
  if (accounts.length === 0) return { reason: 'signedOut' };
  const hint = loginHintOf(loginHint);
  if (hint !== undefined) {
    const named = accounts.filter((account) => sameLogin(account.loginId, hint));
    const [only] = named;
    return named.length === 1 && only ? { account: only } : { reason: 'hintNotSignedIn' };
  }
  const [only] = accounts;
  return accounts.length === 1 && only ? { account: only } : { reason: 'several' };
}

/** hide_consent as it reached the page: /oauth/authorize forwards it for first-party apps only. */
export const hidesConsent = (params: Pick<StartupParams, 'ui_options'>) =>
  params.ui_options.includes('hide_consent');

export type SessionStart<A> =
  | { step: 'requestCode' | 'consent'; account: A }
  | { step: 'picker' | 'firstScreen'; reason: NoAccountReason };

/**
 * With an account to continue as, the code at once when consent is hidden, otherwise the consent page;
 * several accounts open the picker; none (or a hint naming one not signed in here) the first screen.
 */
export function sessionStart<A extends { loginId: string }>(
  params: Pick<StartupParams, 'ui_options' | 'login_hint'>,
  accounts: readonly A[],
): SessionStart<A> {
  const choice = chooseAccount(accounts, params.login_hint);
  if ('reason' in choice)
    return { step: choice.reason === 'several' ? 'picker' : 'firstScreen', reason: choice.reason };
  return { step: hidesConsent(params) ? 'requestCode' : 'consent', account: choice.account };
}

/** Spec §4 login automation: the code's redirect is kept and a notification page shown instead. */
export const isLoginAutomation = (params: Pick<StartupParams, 'loginAutomation'> | undefined) =>
  params?.loginAutomation === '1';

/** A native app's own scheme: the browser may stay on the page, so the page shows how to go on. */
export const isNativeAppRedirect = (redirectUri: string) => !/^https?:/i.test(redirectUri);

/** Whether a code, once issued, still leads to a page of ours rather than straight to the app. */
export const codeLeadsToPage = (params: Pick<StartupParams, 'loginAutomation'>, redirectUri: string) =>
  isLoginAutomation(params) || isNativeAppRedirect(redirectUri);
