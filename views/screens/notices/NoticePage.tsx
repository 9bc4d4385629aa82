import type { ReactNode } from 'react';
import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import type { NoticesTag } from '../../../machines/notices/notices.types.ts';
import { UiMessageText } from '../../UiMessageText.tsx';
import { BusyButton, SubmitButton } from '../SubmitButton.tsx';
import * as styles from '../screens.css.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { useNotices, useNoticesBusy, useNoticesSend } from './useNotices.ts';

/** The notices flow's page tags: each names one page (and its route, machines/noticeRoutes.ts). */
export type NoticeScreenTag = Extract<NoticesTag, `screen.${string}`>;

interface NoticePageProps {
  tag: NoticeScreenTag;
  title: MessageId;
  values?: Readonly<Record<string, string>>;
  children?: ReactNode;
}

/**
 * One notice page: the tab's title, the heading that names the page for screen readers, and the
 * message for the page as a whole (a refused call, worded by the error catalogue), announced.
 */
export function NoticePage({ tag, title, values, children }: NoticePageProps) {
  const screen = tag.slice('screen.'.length);
  const titleId = `${screen}-title`;
  const formError = useNotices((flow) => flow?.context.formError);
  useDocumentTitle(title, values);
  return (
    <section className={styles.screen} aria-labelledby={titleId} data-screen={screen}>
      <h1 id={titleId} className={styles.title}>
        <Msg id={title} values={values ?? {}} />
      </h1>
      <p role="alert" id={`${screen}-error`} className={styles.fieldError}>
        {formError && <UiMessageText message={formError} />}
      </p>
      {children}
    </section>
  );
}

/** Accept and Decline (the notices' only ways on), waiting while a call runs. Accept submits the page's form. */
export function AcceptDecline() {
  const send = useNoticesSend();
  const busy = useNoticesBusy();
  return (
    <div className={styles.actions}>
      <SubmitButton busy={busy}>
        <Msg id="notices.accept" />
      </SubmitButton>
      <BusyButton
        className={styles.secondaryButton}
        busy={busy}
        onClick={() => send({ type: 'user.decline' })}
      >
        <Msg id="notices.decline" />
      </BusyButton>
    </div>
  );
}
