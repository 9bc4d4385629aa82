import type { ReactNode } from 'react';
import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import type { EmergencyTag } from '../../../machines/emergency/emergency.types.ts';
import { UiMessageText } from '../../UiMessageText.tsx';
import * as pageStyles from '../pages.css.ts';
import * as styles from '../screens.css.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { useEmergency } from './useEmergency.ts';

/** The emergency flow's page tags: each names one page (and its route, machines/routes.ts). */
export type EmergencyScreenTag = Extract<EmergencyTag, `screen.${string}`>;

/** The page's own name, as the address and the tests know it: `screen.emergencyEditor` → `emergencyEditor`. */
export const screenNameOf = (tag: EmergencyScreenTag) => tag.slice('screen.'.length);

interface EmergencyPageProps {
  tag: EmergencyScreenTag;
  title: MessageId;
  intro?: MessageId | undefined;
  values?: Readonly<Record<string, string>>;
  children?: ReactNode;
}

/**
 * One page of the emergency flow: the tab's title, the heading that names the page for screen readers,
 * the intro, the notice the page opens with (the location was deleted, the verification was updated)
 * and a message for the page as a whole (a refused call, 'Please select an Emergency Response Location').
 * A notice or error that says what the intro already says is not said twice.
 */
export function EmergencyPage({ tag, title, intro, values, children }: EmergencyPageProps) {
  const screen = screenNameOf(tag);
  const titleId = `${screen}-title`;
  const notice = useEmergency((flow) => flow?.context.notice);
  const formError = useEmergency((flow) => flow?.context.formError);
  useDocumentTitle(title, values);
  return (
    <section className={styles.screen} aria-labelledby={titleId} data-screen={screen}>
      <h1 id={titleId} className={styles.title}>
        <Msg id={title} values={values ?? {}} />
      </h1>
      {notice && notice.id !== intro && (
        <p role="status" className={pageStyles.infoNotice}>
          <UiMessageText message={notice} />
        </p>
      )}
      {intro && (
        <p className={styles.subtitle}>
          <Msg id={intro} values={values ?? {}} />
        </p>
      )}
      <p role="alert" id={`${screen}-error`} className={styles.fieldError}>
        {formError && formError.id !== intro && <UiMessageText message={formError} />}
      </p>
      {children}
    </section>
  );
}
