import type { ReactNode } from 'react';
import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import * as styles from '../screens.css.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';

/** The room flow's pages by the name the address and the tests know them by. */
export type RoomPageName = 'roomActivation' | 'roomLeaving' | 'roomActivated' | 'roomNotActivated';

interface RoomPageProps {
  name: RoomPageName;
  title: MessageId;
  values?: Readonly<Record<string, string>>;
  children?: ReactNode;
}

/** One page of room activation: the tab's title and the heading that names the page for screen readers. */
export function RoomPage({ name, title, values, children }: RoomPageProps) {
  const titleId = `${name}-title`;
  useDocumentTitle(title, values);
  return (
    <section className={styles.screen} aria-labelledby={titleId} data-screen={name}>
      <h1 id={titleId} className={styles.title}>
        <Msg id={title} values={values ?? {}} />
      </h1>
      {children}
    </section>
  );
}
