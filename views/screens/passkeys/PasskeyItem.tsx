import type { PasskeySummary } from '../../../api/contract/passkeys.ts';
import { Msg, useFormat } from '../../../i18n/Msg.tsx';
import { BusyButton } from '../SubmitButton.tsx';
import * as styles from '../screens.css.ts';
import * as local from './passkeys.css.ts';
import { dateOf, usePasskeysSend } from './usePasskeys.ts';

/**
 * One passkey of the list: its name, when it was created and last used, whether it is synced to the
 * person's other devices, whether it is no longer accepted, and Remove (named with the passkey, since
 * every row has one).
 */
export function PasskeyItem({ passkey, busy }: { passkey: PasskeySummary; busy: boolean }) {
  const send = usePasskeysSend();
  const format = useFormat();
  const created = dateOf(passkey.createdAt);
  const lastUsed = dateOf(passkey.lastUsedAt);
  return (
    <li className={local.item}>
      <div className={local.details}>
        <span className={local.name}>{passkey.name}</span>
        {created && (
          <span className={local.meta}>
            <Msg id="passkeys.manage.createdOn" values={{ date: created }} />
          </span>
        )}
        <span className={local.meta}>
          {lastUsed ? (
            <Msg id="passkeys.manage.lastUsed" values={{ date: lastUsed }} />
          ) : (
            <Msg id="passkeys.manage.neverUsed" />
          )}
        </span>
        {passkey.backedUp && (
          <span className={local.meta}>
            <Msg id="passkeys.manage.synced" />
          </span>
        )}
        {passkey.needsReenrolment && (
          <span className={local.warning}>
            <Msg id="passkeys.manage.needsReenrolment" />
          </span>
        )}
      </div>
      <BusyButton
        className={styles.secondaryButton}
        busy={busy}
        aria-label={format('passkeys.manage.removeLabel', { name: passkey.name })}
        onClick={() => send({ type: 'user.removePasskey', passkeyId: passkey.id })}
      >
        <Msg id="passkeys.manage.remove" />
      </BusyButton>
    </li>
  );
}
