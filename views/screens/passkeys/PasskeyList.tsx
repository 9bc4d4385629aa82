import { useEffect, useRef } from 'react';
import type { PasskeySummary } from '../../../api/contract/passkeys.ts';
import { Msg } from '../../../i18n/Msg.tsx';
import * as pageStyles from '../pages.css.ts';
import { BusyButton } from '../SubmitButton.tsx';
import * as styles from '../screens.css.ts';
import { PasskeyItem } from './PasskeyItem.tsx';
import { PasskeyPage, type PasskeyScreenTag } from './PasskeyPage.tsx';
import * as local from './passkeys.css.ts';
import { usePasskeyCreating, usePasskeys, usePasskeysBusy, usePasskeysSend } from './usePasskeys.ts';

const none: readonly PasskeySummary[] = [];

/**
 * An account's passkeys (from the picker's Passkeys link, or after one was created from the offer):
 * the new passkey is ready, or one was removed; the list with Remove on each; Create a passkey; that a
 * password reset keeps them; and on (back to the picker, or on with the sign-in). When the list could
 * not be loaded, Try again.
 */
export function PasskeyList({ tag }: { tag: PasskeyScreenTag }) {
  const send = usePasskeysSend();
  const busy = usePasskeysBusy();
  const creating = usePasskeyCreating();
  const passkeys = usePasskeys((flow) => flow?.context.passkeys ?? none);
  const created = usePasskeys((flow) => flow?.context.created === true);
  const removedName = usePasskeys((flow) => flow?.context.removedName);
  const manage = usePasskeys((flow) => flow?.context.entry.kind === 'manage');
  const listRef = useRef<HTMLDivElement>(null);
  // The removed passkey's Remove button is gone: the focus goes to the list, not to the document's start.
  // Each removal answers with a new list, so removing a second passkey of the same name moves it too.
  useEffect(() => {
    if (removedName && passkeys) listRef.current?.focus();
  }, [removedName, passkeys]);
  const loadFailed = usePasskeys((flow) => flow?.context.listFailed === true);
  const titleId = `${tag.slice('screen.'.length)}-title`;

  return (
    <PasskeyPage tag={tag} title="passkeys.manage.title">
      <div role="status" className={local.notices}>
        {creating ? (
          <p className={local.progress}>
            <Msg id="passkeys.creating" />
          </p>
        ) : removedName ? (
          <p className={pageStyles.infoNotice}>
            <Msg id="passkeys.manage.removed" values={{ name: removedName }} />
          </p>
        ) : (
          created && (
            <p className={pageStyles.infoNotice}>
              <Msg id="passkeys.manage.created" />
            </p>
          )
        )}
      </div>
      <p className={local.body}>
        <Msg id="passkeys.manage.lead" />
      </p>
      <div ref={listRef} tabIndex={-1} className={local.listArea}>
        {passkeys.length > 0 ? (
          <ul className={local.list} aria-labelledby={titleId} aria-busy={busy}>
            {passkeys.map((passkey) => (
              <PasskeyItem key={passkey.id} passkey={passkey} busy={busy} />
            ))}
          </ul>
        ) : (
          !loadFailed && (
            <p className={local.body}>
              <Msg id="passkeys.manage.empty" />
            </p>
          )
        )}
      </div>
      <div className={styles.actions}>
        <BusyButton
          className={styles.secondaryButton}
          busy={busy}
          onClick={() => {
            // The list takes the focus while the browser's steps run: it shows the new passkey after.
            listRef.current?.focus();
            send({ type: 'user.createPasskey' });
          }}
        >
          <Msg id="passkeys.manage.add" />
        </BusyButton>
      </div>
      <p className={local.note}>
        <Msg id="passkeys.manage.keptOnReset" />
      </p>
      <div className={styles.actions}>
        <BusyButton
          className={styles.primaryButton}
          busy={busy}
          onClick={() => send({ type: 'user.continue' })}
        >
          <Msg id={manage ? 'passkeys.manage.done' : 'passkeys.manage.continue'} />
        </BusyButton>
        {loadFailed && (
          <BusyButton
            className={styles.secondaryButton}
            busy={busy}
            onClick={() => send({ type: 'user.retry' })}
          >
            <Msg id="frame.retry" />
          </BusyButton>
        )}
      </div>
    </PasskeyPage>
  );
}
