import { maskCredential } from '../../api/maskCredential.ts';
import { Msg } from '../../i18n/Msg.tsx';
import type { PickerAccount } from '../../machines/accounts.ts';
import { selectAppName, selectCanCancel } from '../../machines/selectors.ts';
import { Ltr } from '../Ltr.tsx';
import { SignInActor } from '../SignInActor.ts';
import { AccountRow } from './AccountRow.tsx';
import * as picker from './accountPicker.css.ts';
import * as pages from './pages.css.ts';
import { pickerRowsOf, usePicker, usePickerSend, usePickerTag } from './pickerFlow.ts';
import { BusyButton } from './SubmitButton.tsx';
import * as styles from './screens.css.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

/** /selectAccount (spec §2): the accounts this browser remembers or has signed in, and another one. */
export function AccountPickerScreen() {
  const actor = SignInActor.useActorRef();
  const send = usePickerSend();
  const accounts = usePicker(pickerRowsOf, sameRows);
  const notice = usePicker((flow) => flow?.context.accountNotice);
  const appName = SignInActor.useSelector(selectAppName);
  const busy = usePickerTag('busy');
  const canCancel = SignInActor.useSelector(selectCanCancel);
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
      {/* Focusable from script only: where a row's Remove or Sign out hands the focus (AccountRow). */}
      <ul className={picker.list} aria-busy={busy} aria-labelledby="accounts-title" tabIndex={-1}>
        {accounts.map((account) => (
          <AccountRow key={account.loginId} account={account} busy={busy} />
        ))}
      </ul>
      <p role="status" className={pages.detail}>
        {notice && notice.kind !== 'signingOut' && (
          <Msg
            id={`accounts.notice.${notice.kind}`}
            values={{ account: <Ltr>{maskCredential(notice.account)}</Ltr> }}
          />
        )}
      </p>
      <div className={styles.actions}>
        <BusyButton
          className={`${styles.secondaryButton} ${picker.waitsGreyed}`}
          busy={busy}
          onClick={() => send({ type: 'user.useAnotherAccount' })}
        >
          <Msg id="accounts.useAnother" />
        </BusyButton>
        {canCancel && (
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => actor.send({ type: 'user.cancel' })}
          >
            <Msg id="consent.cancel" />
          </button>
        )}
        {anySignedIn && (
          <>
            <BusyButton
              className={styles.linkButton}
              busy={busy}
              onClick={() => send({ type: 'user.signOutAll' })}
            >
              <Msg id="accounts.signOutAll" />
            </BusyButton>
            <BusyButton
              className={styles.linkButton}
              busy={busy}
              aria-describedby="sign-out-everywhere-hint"
              onClick={() => send({ type: 'user.signOutEverywhere' })}
            >
              <Msg id="accounts.signOutEverywhere" />
            </BusyButton>
          </>
        )}
      </div>
      {anySignedIn && (
        <p id="sign-out-everywhere-hint" className={pages.detail}>
          <Msg id="accounts.signOutEverywhereHint" />
        </p>
      )}
    </section>
  );
}

const sameRows = (a: PickerAccount[], b: PickerAccount[]) => JSON.stringify(a) === JSON.stringify(b);
