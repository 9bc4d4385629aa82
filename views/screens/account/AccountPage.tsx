import type { ReactNode } from 'react';
import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import type { AccountTag } from '../../../machines/account/account.types.ts';
import { Ltr } from '../../Ltr.tsx';
import { UiMessageText } from '../../UiMessageText.tsx';
import * as styles from '../screens.css.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { useAccount } from './useAccount.ts';

/** The account flow's page tags: each names one page (and its route, machines/routes.ts). */
export type AccountScreenTag = Extract<AccountTag, `screen.${string}`>;

/** The page's own name, as the address and the tests know it: `screen.resetPasswordEmail` → `resetPasswordEmail`. */
export const screenNameOf = (tag: AccountScreenTag) => tag.slice('screen.'.length);

interface AccountPageProps {
  tag: AccountScreenTag;
  title: MessageId;
  intro?: MessageId | undefined;
  /** The intro's values: the account's identifiers (login id, masked email), each shown left to right. */
  values?: Readonly<Record<string, string>>;
  children?: ReactNode;
}

/**
 * One page of the account flow: the tab's title, the heading that names the page for screen readers,
 * the intro, and a message for the page as a whole (a refused send, an unavailable service).
 */
export function AccountPage({ tag, title, intro, values, children }: AccountPageProps) {
  const screen = screenNameOf(tag);
  const titleId = `${screen}-title`;
  const formError = useAccount((flow) => flow?.context.formError);
  useDocumentTitle(title);
  return (
    <section className={styles.screen} aria-labelledby={titleId} data-screen={screen}>
      <h1 id={titleId} className={styles.title}>
        <Msg id={title} />
      </h1>
      {intro && (
        <p className={styles.subtitle}>
          <Msg
            id={intro}
            values={Object.fromEntries(
              Object.entries(values ?? {}).map(([name, value]) => [name, <Ltr key={name}>{value}</Ltr>]),
            )}
          />
        </p>
      )}
      <p role="alert" className={styles.fieldError}>
        {formError && <UiMessageText message={formError} />}
      </p>
      {children}
    </section>
  );
}
