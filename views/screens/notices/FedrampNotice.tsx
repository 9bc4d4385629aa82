import type { FormEvent } from 'react';
import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import * as styles from '../screens.css.ts';
import { AcceptDecline, NoticePage, type NoticeScreenTag } from './NoticePage.tsx';
import * as local from './notices.css.ts';
import { useNoticesSend } from './useNotices.ts';

const conditions: readonly MessageId[] = [
  'notices.fedramp.condition1',
  'notices.fedramp.condition2',
  'notices.fedramp.condition3',
  'notices.fedramp.condition4',
  'notices.fedramp.condition5',
];

/**
 * Spec §2 /notification/FEDRAMP (§4 720): the standard U.S. Government system use notification, in the
 * brand's frame. Accept goes on to the app (the code is asked again as completed); Decline goes back to
 * the app with access_denied.
 */
export function FedrampNotice({ tag }: { tag: NoticeScreenTag }) {
  const send = useNoticesSend();
  const accept = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'user.accept' });
  };
  return (
    <NoticePage tag={tag} title="notices.fedramp.title">
      <form className={styles.form} onSubmit={accept} aria-labelledby="fedrampNotice-title">
        <div className={local.document}>
          <p className={local.body}>
            <Msg id="notices.fedramp.lead" />
          </p>
          <ul className={local.list}>
            {conditions.map((id) => (
              <li key={id}>
                <Msg id={id} />
              </li>
            ))}
          </ul>
        </div>
        <p className={styles.subtitle}>
          <Msg id="notices.fedramp.choice" />
        </p>
        <AcceptDecline />
      </form>
    </NoticePage>
  );
}
