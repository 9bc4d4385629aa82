import { Msg } from '../../../i18n/Msg.tsx';
import { LoadingIndicator } from '../../frame/LoadingIndicator.tsx';
import { MigrationSteps } from '../MigrationSteps.tsx';
import * as pages from '../pages.css.ts';
import * as styles from '../screens.css.ts';
import { NoticePage, type NoticeScreenTag } from './NoticePage.tsx';
import * as local from './notices.css.ts';
import { useLongDate, useNotices } from './useNotices.ts';

/**
 * The retired-app notice (ours, 216): the app the user came from no longer signs anyone in. The page
 * names it, when it was retired, and its replacement with the same steps the app-migration notice
 * gives (get it from the store, or copy its download link). Nothing here leads back to the retired
 * app: no button, no Cancel (which would return to it). A client the server says is still in service
 * (a stale address) gets only that sentence.
 */
export function RetiredAppNotice({ tag }: { tag: NoticeScreenTag }) {
  const app = useNotices((flow) => flow?.context.retiredApp);
  const longDate = useLongDate();
  if (!app)
    return (
      <NoticePage tag={tag} title="notices.retired.checking">
        <LoadingIndicator />
      </NoticePage>
    );
  const values = { appName: app.appName };
  if (!app.retired)
    return (
      <NoticePage tag={tag} title="notices.retired.inServiceTitle" values={values}>
        <p className={styles.subtitle}>
          <Msg id="notices.retired.inService" />
        </p>
      </NoticePage>
    );
  const retiredOn = longDate(app.retiredOn);
  const replacement = app.replacementName;
  return (
    <NoticePage tag={tag} title="notices.retired.title" values={values}>
      <p className={pages.notice}>
        <Msg id="notices.retired.lead" values={values} />
        {retiredOn && (
          <>
            {' '}
            <Msg id="notices.retired.retiredOn" values={{ date: retiredOn }} />
          </>
        )}
      </p>
      <p className={local.body}>
        {replacement ? (
          <Msg id="notices.retired.replacement" values={{ replacementName: replacement }} />
        ) : (
          <Msg id="notices.retired.noReplacement" />
        )}
      </p>
      {replacement && (
        <MigrationSteps appName={replacement} appStoreUrl={app.appStoreUrl} downloadUrl={app.downloadUrl} />
      )}
    </NoticePage>
  );
}
