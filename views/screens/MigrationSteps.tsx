import { useState } from 'react';
import type { BrandTokens } from '../../brand/tokens.ts';
import { Msg } from '../../i18n/Msg.tsx';
import { linkHref } from '../../machines/errorsLinks.ts';
import { NewTabLink } from '../NewTabLink.tsx';
import * as pageStyles from './errorPages.css.ts';
import * as styles from './screens.css.ts';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The app-migration notice's steps: get the new app from the store, or copy its download link to
 * open on another device. A step whose brand has no link is shown as text only.
 */
export function MigrationSteps({ brand }: { brand: BrandTokens }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const values = { brandName: brand.displayName };
  const appStore = linkHref('appStore', { brand });
  const download = linkHref('appDownload', { brand });
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
      <ol className={pageStyles.steps}>
        <li>
          <Msg id="errorPage.migrationStepInstall" values={values} />
          {appStore && (
            <div className={pageStyles.stepActions}>
              <NewTabLink className={pageStyles.link} href={appStore}>
                <Msg id="errorPage.getApp" values={values} />
              </NewTabLink>
            </div>
          )}
        </li>
        {download && (
          <li>
            <Msg id="errorPage.migrationStepCopy" />
            <div className={pageStyles.stepActions}>
              <button type="button" className={styles.secondaryButton} onClick={() => copyLink(download)}>
                <Msg id="errorPage.copyLink" />
              </button>
            </div>
            <p role="status" className={copy === 'failed' ? styles.fieldError : pageStyles.status}>
              {copy === 'copied' && <Msg id="errorPage.linkCopied" />}
              {copy === 'failed' && <Msg id="errorPage.copyFailed" values={{ url: download }} />}
            </p>
          </li>
        )}
      </ol>
    </section>
  );
}
