import { type MouseEvent, useEffect, useState } from 'react';
import { maskCredential } from '../../api/maskCredential.ts';
import { getBrand, loadBrandTokens } from '../../brand/registry.ts';
import { Msg, useFormat } from '../../i18n/Msg.tsx';
import type { PickerAccount } from '../../machines/accounts.ts';
import { Ltr } from '../Ltr.tsx';
import { SignInActor } from '../SignInActor.ts';
import { useBrand } from '../useBrand.ts';
import * as picker from './accountPicker.css.ts';
import * as styles from './screens.css.ts';
import { usePasskeyEvent } from './usePasskeyEvent.ts';

/** The row's brand logo; another brand's tokens load on demand, the page's own logo meanwhile. */
function AccountLogo({ brandId }: { brandId: string }) {
  const current = useBrand();
  const [logo, setLogo] = useState(() => (brandId ? getBrand(brandId).logo : current.logo));
  useEffect(() => {
    if (!brandId) return;
    let live = true;
    loadBrandTokens(brandId).then(
      (tokens) => live && setLogo(tokens.logo),
      () => undefined, // The page's logo stays: a logo is not worth an error.
    );
    return () => {
      live = false;
    };
  }, [brandId]);
  return <img className={picker.logo} {...logo} alt="" />;
}

/**
 * WCAG 2.4.3: Remove takes its row away and Sign out disables every button while it runs, so the focus
 * goes to the list (views/screens/AccountPickerScreen.tsx) before, not to <body> after.
 */
const toList = (event: MouseEvent<HTMLButtonElement>) => event.currentTarget.closest('ul')?.focus();

/**
 * One picker row: continue as the account; a passkey it used or made here, where passkeys are allowed;
 * a signed-in account's passkeys; and its Sign out and Remove buttons.
 */
export function AccountRow({ account, busy }: { account: PickerAccount; busy: boolean }) {
  const actor = SignInActor.useActorRef();
  const format = useFormat();
  const masked = maskCredential(account.loginId);
  const label = account.displayName || masked;
  const shownMasked = <Ltr>{masked}</Ltr>;
  const { sessionId } = account;
  const signedIn = sessionId !== undefined;
  const passkey = usePasskeyEvent({ type: 'user.signInWithPasskey', loginId: account.loginId });
  const managePasskeys = usePasskeyEvent({ type: 'user.managePasskeys', sessionId: sessionId ?? '' });
  return (
    <li className={picker.row}>
      <button
        type="button"
        className={picker.choose}
        disabled={busy}
        onClick={() => actor.send({ type: 'user.chooseAccount', loginId: account.loginId })}
      >
        <AccountLogo brandId={account.brandId} />
        <span className={picker.who}>
          <span className={picker.name}>{account.displayName || shownMasked}</span>
          {account.displayName && <span className={picker.meta}>{shownMasked}</span>}
          <span className={picker.meta}>
            <Msg id={signedIn ? 'accounts.signedIn' : 'accounts.signedOut'} />
          </span>
        </span>
      </button>
      <span className={picker.rowActions}>
        {account.passkey && passkey && (
          <button
            type="button"
            className={styles.linkButton}
            disabled={busy}
            aria-label={format('accounts.passkeyLabel', { account: label })}
            onClick={() => actor.send({ type: 'user.signInWithPasskey', loginId: account.loginId })}
          >
            <Msg id="accounts.passkey" />
          </button>
        )}
        {sessionId !== undefined && managePasskeys && (
          <button
            type="button"
            className={styles.linkButton}
            disabled={busy}
            aria-label={format('accounts.passkeysLabel', { account: label })}
            onClick={() => actor.send({ type: 'user.managePasskeys', sessionId })}
          >
            <Msg id="accounts.passkeys" />
          </button>
        )}
        {signedIn && (
          <button
            type="button"
            className={styles.linkButton}
            disabled={busy}
            aria-label={format('accounts.signOutOfLabel', { account: label })}
            onClick={(event) => {
              toList(event);
              actor.send({ type: 'user.signOut', loginId: account.loginId });
            }}
          >
            <Msg id="accounts.signOut" />
          </button>
        )}
        <button
          type="button"
          className={styles.linkButton}
          disabled={busy}
          aria-label={format('accounts.removeLabel', { account: label })}
          onClick={(event) => {
            toList(event);
            actor.send({ type: 'user.forgetAccount', loginId: account.loginId });
          }}
        >
          <Msg id="accounts.remove" />
        </button>
      </span>
    </li>
  );
}
