import { useEffect, useState } from 'react';
import { maskCredential } from '../../api/credential.ts';
import { getBrand, loadBrandTokens } from '../../brand/registry.ts';
import { Msg, useFormat } from '../../i18n/Msg.tsx';
import type { PickerAccount } from '../../machines/accounts.ts';
import {
  selectAccountNotice,
  selectAppName,
  selectBusy,
  selectPickerAccounts,
} from '../../machines/selectors.ts';
import { SignInActor } from '../SignInActor.ts';
import { useBrand } from '../useBrand.ts';
import * as picker from './accountPicker.css.ts';
import * as styles from './screens.css.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

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
  return <img className={picker.logo} src={logo} alt="" />;
}

function AccountRow({ account, busy }: { account: PickerAccount; busy: boolean }) {
  const actor = SignInActor.useActorRef();
  const format = useFormat();
  const masked = maskCredential(account.loginId);
  const label = account.displayName || masked;
  const signedIn = account.sessionId !== undefined;
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
          <span className={picker.name}>{label}</span>
          {account.displayName && <span className={picker.meta}>{masked}</span>}
          <span className={picker.meta}>
            <Msg id={signedIn ? 'accounts.signedIn' : 'accounts.signedOut'} />
          </span>
        </span>
      </button>
      <span className={picker.rowActions}>
        {signedIn && (
          <button
            type="button"
            className={styles.linkButton}
            disabled={busy}
            aria-label={format('accounts.signOutOfLabel', { account: label })}
            onClick={() => actor.send({ type: 'user.signOut', loginId: account.loginId })}
          >
            <Msg id="accounts.signOut" />
          </button>
        )}
        <button
          type="button"
          className={styles.linkButton}
          disabled={busy}
          aria-label={format('accounts.removeLabel', { account: label })}
          onClick={() => actor.send({ type: 'user.forgetAccount', loginId: account.loginId })}
        >
          <Msg id="accounts.remove" />
        </button>
      </span>
    </li>
  );
}

/** /selectAccount (spec §2): the accounts this browser remembers or has signed in, and another one. */
export function AccountPickerScreen() {
  const actor = SignInActor.useActorRef();
  const accounts = SignInActor.useSelector(selectPickerAccounts, sameRows);
  const notice = SignInActor.useSelector(selectAccountNotice);
  const appName = SignInActor.useSelector(selectAppName);
  const busy = SignInActor.useSelector(selectBusy);
  const anySignedIn = accounts.some((account) => account.sessionId !== undefined);
  useDocumentTitle('accounts.title');

  return (
    <section className={styles.screen} aria-labelledby="accounts-title" data-screen="selectAccount">
      <h1 id="accounts-title" className={styles.title}>
        <Msg id="accounts.title" />
      </h1>
      {appName && (
        <p className={styles.subtitle}>
          <Msg id="accounts.toContinue" values={{ appName }} />
        </p>
      )}
      <ul className={picker.list} aria-busy={busy}>
        {accounts.map((account) => (
          <AccountRow key={account.loginId} account={account} busy={busy} />
        ))}
      </ul>
      <p role="status" className={styles.detail}>
        {notice && notice.kind !== 'signingOut' && (
          <Msg id={`accounts.notice.${notice.kind}`} values={{ account: maskCredential(notice.account) }} />
        )}
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondaryButton}
          disabled={busy}
          onClick={() => actor.send({ type: 'user.useAnotherAccount' })}
        >
          <Msg id="accounts.useAnother" />
        </button>
        {anySignedIn && (
          <button
            type="button"
            className={styles.linkButton}
            disabled={busy}
            onClick={() => actor.send({ type: 'user.signOutAll' })}
          >
            <Msg id="accounts.signOutAll" />
          </button>
        )}
      </div>
    </section>
  );
}

const sameRows = (a: PickerAccount[], b: PickerAccount[]) => JSON.stringify(a) === JSON.stringify(b);
