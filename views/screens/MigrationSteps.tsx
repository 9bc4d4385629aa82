import { useState } from 'react';
import { isSafeUrl } from '../../api/url.ts';
import { Msg } from '../../i18n/Msg.tsx';
import { Ltr } from '../Ltr.tsx';
import { NewTabLink } from '../NewTabLink.tsx';
import * as pageStyles from './errorPages.css.ts';
import * as pages from './pages.css.ts';
import * as styles from './screens.css.ts';

type CopyState = 'idle' | 'copied' | 'failed';

export interface MigrationStepsProps {
  /** The app to get: the brand's (the migration notice), or a retired app's replacement. */
  appName: string;
  /** Its app-store page and a download link to open on another device, where there are. */
  appStoreUrl?: string | undefined;
  downloadUrl?: string | undefined;
}

const safe = (url: string | undefined) => (url && isSafeUrl(url) ? url : undefined);

/**
 * How to move to another app (the app-migration notice, the retired-app notice): get it from the
 * store, or copy its download link to open on another device. A step without a (safe) link is text only.
 */
export function MigrationSteps({ appName, appStoreUrl, downloadUrl }: MigrationStepsProps) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const values = { appName };
  const appStore = safe(appStoreUrl);
  const download = safe(downloadUrl);
  // The clipboard API is missing outside secure contexts and in some webviews: then the URL is shown.
  const copyLink = (url: string) =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(url))
      .then(() => setCopy('copied'))
      .catch(() => setCopy('failed'));
  return (
    <section aria-labelledby="migration-steps">
      <h2 id="migration-steps" className={styles.label}>
        <Msg id="errorPage.migrationStepsLabel" />
      </h2>
      <ol className={pages.steps}>
        <li>
          <Msg id="errorPage.migrationStepInstall" values={values} />
          {appStore && (
            <div className={pages.stepActions}>
              <NewTabLink className={pageStyles.link} href={appStore}>
                <Msg id="errorPage.getApp" values={values} />
              </NewTabLink>
            </div>
          )}
        </li>
        {download && (
          <li>
            <Msg id="errorPage.migrationStepCopy" />
            <div className={pages.stepActions}>
              <button type="button" className={styles.secondaryButton} onClick={() => copyLink(download)}>
                <Msg id="errorPage.copyLink" />
              </button>
            </div>
            <p role="status" className={copy === 'failed' ? styles.fieldError : pages.status}>
              {copy === 'copied' && <Msg id="errorPage.linkCopied" />}
              {copy === 'failed' && <Msg id="errorPage.copyFailed" values={{ url: <Ltr>{download}</Ltr> }} />}
            </p>
          </li>
        )}
      </ol>
    </section>
  );
}
