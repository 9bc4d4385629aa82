import type { BrandTokens } from '../../brand/tokens.ts';
import { Msg } from '../../i18n/Msg.tsx';
import { type MessageLookup, toUiMessage } from '../../machines/errors.ts';
import type { ErrorPage as ErrorPageEntry } from '../../machines/errorsPages.ts';
import { Ltr } from '../Ltr.tsx';
import { UiMessageView } from '../UiMessageText.tsx';
import * as pages from './pages.css.ts';
import * as styles from './screens.css.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

export type ErrorPageProps = {
  route: 'error' | 'warning';
  code: string;
  page: ErrorPageEntry;
  brand: BrandTokens;
  lookup: MessageLookup;
  rayId?: string | undefined;
  /** What was wrong with the start-up parameters (the invalid-parameters page only). */
  details?: string | undefined;
  onRestart: () => void;
};

/** /error/{code} and /warning/{code}: heading, the message (announced), the ray id, one way back. */
export function ErrorPage({ route, code, page, brand, lookup, rayId, details, onRestart }: ErrorPageProps) {
  useDocumentTitle(page.title);
  return (
    <section className={styles.screen} aria-labelledby="error-title" data-screen={route} data-code={code}>
      <h1 id="error-title" className={styles.title}>
        <Msg id={page.title} />
      </h1>
      <p className={pages.notice} role="alert" data-testid="error-message">
        <UiMessageView message={toUiMessage(page.message, lookup)} brand={brand} />
      </p>
      {rayId && (
        <p className={pages.detail}>
          <Msg id="errorPage.rayId" values={{ rayId: <Ltr>{rayId}</Ltr> }} />
        </p>
      )}
      {details && (
        <p className={pages.detail}>
          <Msg id="errorPage.details" values={{ details }} />
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.primaryButton} onClick={onRestart}>
          <Msg id={route === 'warning' ? 'warning.backToLogin' : 'errorPage.backToSignIn'} />
        </button>
      </div>
    </section>
  );
}
