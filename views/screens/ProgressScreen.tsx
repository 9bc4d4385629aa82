import { Msg } from '../../i18n/Msg.tsx';
import { selectAppName } from '../../machines/selectors.ts';
import { LoadingIndicator } from '../frame/LoadingIndicator.tsx';
import { SignInActor } from '../SignInActor.ts';
import * as styles from './screens.css.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

/** Start-up, consent loading, code request and redirect: nothing to do but wait. */
export function ProgressScreen() {
  const redirecting = SignInActor.useSelector(
    (snapshot) => snapshot.matches('redirecting') || snapshot.matches('leaving'),
  );
  const appName = SignInActor.useSelector(selectAppName) ?? '';
  useDocumentTitle('loading.label');
  return (
    <section className={styles.screen} data-screen="progress" aria-busy="true">
      <LoadingIndicator />
      {redirecting && appName && (
        <p className={styles.subtitle}>
          <Msg id="redirecting.message" values={{ appName }} />
        </p>
      )}
    </section>
  );
}
