import { Msg, useFormat } from '../../i18n/Msg.tsx';
import { selectAppName } from '../../machines/selectors.ts';
import { SignInActor } from '../SignInActor.ts';
import * as styles from './screens.css.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

/**
 * /launchApp: the code went to a native app's scheme. The browser may stay here (no app installed,
 * a dismissed prompt), so the user can open the app again, get it (targetUrl) or use the web
 * version (fallbackUrl). Both links were checked as https addresses at start-up.
 */
export function LaunchAppScreen() {
  const actor = SignInActor.useActorRef();
  const format = useFormat();
  const appName = SignInActor.useSelector(selectAppName) ?? format('launchApp.defaultAppName');
  const targetUrl = SignInActor.useSelector((snapshot) => snapshot.context.params?.targetUrl);
  const fallbackUrl = SignInActor.useSelector((snapshot) => snapshot.context.params?.fallbackUrl);
  useDocumentTitle('launchApp.title', { appName });
  return (
    <section className={styles.screen} aria-labelledby="launch-title" data-screen="launchApp">
      <h1 id="launch-title" className={styles.title}>
        <Msg id="launchApp.title" values={{ appName }} />
      </h1>
      <p className={styles.subtitle} role="status">
        <Msg id="launchApp.message" values={{ appName }} />
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.primaryButton}
          onClick={() => actor.send({ type: 'user.openApp' })}
        >
          <Msg id="launchApp.open" values={{ appName }} />
        </button>
        {targetUrl && (
          <a className={styles.secondaryButton} href={targetUrl} data-testid="get-app">
            <Msg id="launchApp.getApp" values={{ appName }} />
          </a>
        )}
        {fallbackUrl && (
          <a className={styles.secondaryButton} href={fallbackUrl} data-testid="continue-in-browser">
            <Msg id="launchApp.continueInBrowser" />
          </a>
        )}
      </div>
    </section>
  );
}
