import { Msg } from '../../../i18n/Msg.tsx';
import { selectCanCancel } from '../../../machines/selectors.ts';
import { SignInActor } from '../../SignInActor.ts';
import * as styles from '../screens.css.ts';

/** Cancel the whole sign-in (back to the app with user_cancelled), where the sign-in machine allows it. */
export function CancelSignIn() {
  const actor = SignInActor.useActorRef();
  const canCancel = SignInActor.useSelector(selectCanCancel);
  if (!canCancel) return null;
  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={styles.secondaryButton}
        onClick={() => actor.send({ type: 'user.cancel' })}
      >
        <Msg id="consent.cancel" />
      </button>
    </div>
  );
}
