import { Msg } from '../../i18n/Msg.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { selectBusy, selectCanCancel } from '../../machines/selectors.ts';
import { SignInActor } from '../SignInActor.ts';
import * as styles from './screens.css.ts';

/** A form's submit button, and Cancel (back to the app with user_cancelled) where the machine allows it. */
export function FormActions({ submit }: { submit: MessageId }) {
  const actor = SignInActor.useActorRef();
  const busy = SignInActor.useSelector(selectBusy);
  const canCancel = SignInActor.useSelector(selectCanCancel);
  return (
    <div className={styles.actions}>
      <button type="submit" className={styles.primaryButton} disabled={busy}>
        <Msg id={submit} />
      </button>
      {canCancel && (
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={() => actor.send({ type: 'user.cancel' })}
        >
          <Msg id="consent.cancel" />
        </button>
      )}
    </div>
  );
}
