import { Msg } from '../../i18n/Msg.tsx';
import { selectCanCancel } from '../../machines/selectors.ts';
import { SignInActor } from '../SignInActor.ts';
import * as styles from './screens.css.ts';

/** Cancel the sign-in (back to the app with user_cancelled), where the machine allows it; else nothing. */
export function CancelButton() {
  const actor = SignInActor.useActorRef();
  const canCancel = SignInActor.useSelector(selectCanCancel);
  if (!canCancel) return null;
  return (
    <button
      type="button"
      className={styles.secondaryButton}
      onClick={() => actor.send({ type: 'user.cancel' })}
    >
      <Msg id="consent.cancel" />
    </button>
  );
}
