import { Msg } from '../i18n/Msg.tsx';
import {
  selectAppName,
  selectCanCancel,
  selectShowBackToApp,
  selectTitleBar,
} from '../machines/selectors.ts';
import { SignInActor } from './SignInActor.ts';
import * as styles from './TitleBar.css.ts';

/**
 * Spec §2 title_bar and show_back_to_app: embedded partner apps ask for a bar naming the app, and
 * for a way back to it, which is a cancel (the app gets user_cancelled).
 */
export function TitleBar() {
  const actor = SignInActor.useActorRef();
  const shown = SignInActor.useSelector(selectTitleBar);
  const showBack = SignInActor.useSelector(selectShowBackToApp);
  const canCancel = SignInActor.useSelector(selectCanCancel);
  const appName = SignInActor.useSelector(selectAppName);
  if (!shown && !showBack) return null;
  return (
    <div className={styles.bar} data-testid="title-bar">
      {shown && appName ? <p className={styles.appName}>{appName}</p> : <span />}
      {showBack && canCancel && (
        <button
          type="button"
          className={styles.backButton}
          onClick={() => actor.send({ type: 'user.cancel' })}
        >
          {appName ? (
            <Msg id="titleBar.backToApp" values={{ appName }} />
          ) : (
            <Msg id="titleBar.backToAppUnnamed" />
          )}
        </button>
      )}
    </div>
  );
}
