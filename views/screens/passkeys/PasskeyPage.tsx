import type { ReactNode } from 'react';
import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import type { PasskeysTag } from '../../../machines/passkeys/passkeys.types.ts';
import { UiMessageText } from '../../UiMessageText.tsx';
import * as styles from '../screens.css.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { usePasskeys } from './usePasskeys.ts';

/** The passkeys flow's page tags: each names one page (and its route, machines/passkeyRoutes.ts). */
export type PasskeyScreenTag = Extract<PasskeysTag, `screen.${string}`>;

interface PasskeyPageProps {
  tag: PasskeyScreenTag;
  title: MessageId;
  children?: ReactNode;
}

/**
 * One passkeys page: the tab's title, the heading that names the page for screen readers, and the
 * message for the page as a whole (a refused call or the browser's refusal, worded by the error
 * catalogue), announced.
 */
export function PasskeyPage({ tag, title, children }: PasskeyPageProps) {
  const screen = tag.slice('screen.'.length);
  const titleId = `${screen}-title`;
  const formError = usePasskeys((flow) => flow?.context.formError);
  useDocumentTitle(title);
  return (
    <section className={styles.screen} aria-labelledby={titleId} data-screen={screen}>
      {/* Focusable from script: the offer's Create hands it the focus while its buttons are disabled. */}
      <h1 id={titleId} className={styles.title} tabIndex={-1}>
        <Msg id={title} />
      </h1>
      <p role="alert" id={`${screen}-error`} className={styles.fieldError}>
        {formError && <UiMessageText message={formError} />}
      </p>
      {children}
    </section>
  );
}
