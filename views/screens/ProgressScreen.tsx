import { Msg } from '../../i18n/Msg.tsx';
import { selectAppName } from '../../machines/selectors.ts';
import { LoadingIndicator } from '../frame/LoadingIndicator.tsx';
import { SignInActor } from '../SignInActor.ts';
import * as styles from './screens.css.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

/**
 * WCAG 2.4.3: the wait takes the focus when the page it replaced had it (Authorize, Sign in: their page
 * gives way while the call runs), rather than leave it on <body>; the next page's own field or heading
 * takes it on arrival (views/RouteFocus.ts).
 */
const keepFocus = (section: HTMLElement | null) => {
  if (document.activeElement === document.body) section?.focus();
};

/** Start-up, consent loading, code request and redirect: nothing to do but wait. */
export function ProgressScreen() {
  const redirecting = SignInActor.useSelector(
    (snapshot) => snapshot.matches('redirecting') || snapshot.matches('leaving'),
  );
  const appName = SignInActor.useSelector(selectAppName) ?? '';
  useDocumentTitle('loading.label');
  return (
    <section className={styles.screen} data-screen="progress" aria-busy="true" tabIndex={-1} ref={keepFocus}>
      <LoadingIndicator />
      {redirecting && appName && (
        <p className={styles.subtitle}>
          <Msg id="redirecting.message" values={{ appName }} />
        </p>
      )}
    </section>
  );
}
