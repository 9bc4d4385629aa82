import type { BrandTokens } from '../../brand/tokens.ts';
import { Msg } from '../../i18n/Msg.tsx';
import { type MessageLookup, toUiMessage } from '../../machines/errors.ts';
import { linkHref } from '../../machines/errorsLinks.ts';
import type { ErrorPage } from '../../machines/errorsPages.ts';
import { Ltr } from '../Ltr.tsx';
import { NewTabLink } from '../NewTabLink.tsx';
import { UiMessageView } from '../UiMessageText.tsx';
import * as pageStyles from './errorPages.css.ts';
import { MigrationSteps } from './MigrationSteps.tsx';
import * as pages from './pages.css.ts';
import * as styles from './screens.css.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

export type NoPermissionScreenProps = {
  code: string;
  page: ErrorPage;
  brand: BrandTokens;
  lookup: MessageLookup;
  rayId?: string | undefined;
  onSwitchAccount: () => void;
};

/**
 * The no-permission family (spec §2, §6): no permission, no meeting-app permission, the retired-app
 * notice (sunset), the sunset notification and the app-migration notice. Each offers 'Switch account',
 * which starts a fresh sign-in.
 */
export function NoPermissionScreen({
  code,
  page,
  brand,
  lookup,
  rayId,
  onSwitchAccount,
}: NoPermissionScreenProps) {
  useDocumentTitle(page.title);
  const values = { appName: brand.displayName };
  const appStore = linkHref('appStore', { brand });
  const retiring = page.noPermission === 'sunset' || page.noPermission === 'sunsetNotification';
  return (
    <section
      className={styles.screen}
      aria-labelledby="error-title"
      data-screen="error"
      data-code={code}
      data-variant={page.noPermission}
    >
      <h1 id="error-title" className={styles.title}>
        <Msg id={page.title} />
      </h1>
      <p className={pages.notice} role="alert" data-testid="error-message">
        <UiMessageView message={toUiMessage(page.message, lookup)} brand={brand} />
      </p>
      {page.noPermission === 'migration' && (
        <MigrationSteps
          appName={brand.displayName}
          appStoreUrl={appStore}
          downloadUrl={linkHref('appDownload', { brand })}
        />
      )}
      {retiring && appStore && (
        <p className={styles.subtitle}>
          <NewTabLink className={pageStyles.link} href={appStore}>
            <Msg id="errorPage.getApp" values={values} />
          </NewTabLink>
        </p>
      )}
      {rayId && (
        <p className={pages.detail}>
          <Msg id="errorPage.rayId" values={{ rayId: <Ltr>{rayId}</Ltr> }} />
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.primaryButton} onClick={onSwitchAccount}>
          <Msg id="errorPage.switchAccount" />
        </button>
      </div>
    </section>
  );
}
