import { Msg } from '../../i18n/Msg.tsx';
import { useBrand } from '../useBrand.ts';
import * as pages from './pages.css.ts';
import * as styles from './screens.css.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

/**
 * Spec §2 loginAutomationNotification: with loginAutomation=1 the sign-in succeeded and its target was
 * kept for the automation, so instead of leaving, the page says so and asks for nothing.
 */
export function LoginAutomationScreen() {
  const brand = useBrand();
  useDocumentTitle('automation.title');
  return (
    <section
      className={styles.screen}
      aria-labelledby="automation-title"
      data-screen="loginAutomationNotification"
    >
      <h1 id="automation-title" className={styles.title}>
        <Msg id="automation.title" />
      </h1>
      <p className={pages.notice} role="status">
        <Msg id="automation.message" values={{ brandName: brand.displayName }} />
      </p>
    </section>
  );
}
