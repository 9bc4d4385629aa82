import { Msg } from '../i18n/Msg.tsx';
import { selectOfflineAlert } from '../machines/selectors.ts';
import { SignInActor } from './SignInActor.ts';
import * as styles from './screens/screens.css.ts';

/** Spec §4: 'no internet connection', shown once after a network failure, until dismissed. */
export function OfflineAlert() {
  const actor = SignInActor.useActorRef();
  if (!SignInActor.useSelector(selectOfflineAlert)) return null;
  return (
    <span className={styles.actions} data-testid="offline-alert">
      <Msg id="errors.offline" />
      <button
        type="button"
        className={styles.linkButton}
        onClick={() => actor.send({ type: 'user.dismissAlert' })}
      >
        <Msg id="frame.dismiss" />
      </button>
    </span>
  );
}
