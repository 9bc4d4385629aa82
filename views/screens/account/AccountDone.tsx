import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import { LoadingIndicator } from '../../frame/LoadingIndicator.tsx';
import * as styles from '../screens.css.ts';
import { FlowButton, PageActions } from './AccountControls.tsx';
import { AccountPage, type AccountScreenTag } from './AccountPage.tsx';
import { useAccount, useAccountBusy } from './useAccount.ts';

type DoneTag = Extract<
  AccountScreenTag,
  'screen.resetComplete' | 'screen.changePasswordSuccess' | 'screen.confirmEmailLink' | 'screen.activate'
>;
type LinkTag = Extract<
  AccountScreenTag,
  'screen.confirmEmailLink' | 'screen.activate' | 'screen.expressLink'
>;

/** The heading while an emailed link is being checked (the sign-in link is only ever that: it signs in). */
const checking: Record<LinkTag, MessageId> = {
  'screen.confirmEmailLink': 'account.done.confirmingTitle',
  'screen.activate': 'account.done.activatingTitle',
  'screen.expressLink': 'account.done.expressTitle',
};
const pages: Record<DoneTag, { title: MessageId; body: MessageId; action: MessageId }> = {
  'screen.resetComplete': {
    title: 'account.done.resetTitle',
    body: 'account.done.resetBody',
    action: 'account.signIn',
  },
  'screen.changePasswordSuccess': {
    title: 'account.done.changedTitle',
    body: 'account.done.changedBody',
    action: 'account.continue',
  },
  'screen.confirmEmailLink': {
    title: 'account.done.confirmedTitle',
    body: 'account.done.confirmedBody',
    action: 'account.signIn',
  },
  'screen.activate': {
    title: 'account.done.activatedTitle',
    body: 'account.done.activatedBody',
    action: 'account.signIn',
  },
};
/** Spec §4: after a legacy password change the user signs in anew, with the new password. */
const legacyChanged = {
  ...pages['screen.changePasswordSuccess'],
  body: 'account.done.legacyBody',
  action: 'account.signIn',
} as const;

const isLinkTag = (tag: DoneTag | LinkTag): tag is LinkTag => tag in checking;

/**
 * The end of an account flow: reset complete, password changed (spec /changePasswordSuccess), email
 * confirmed, account activated; and, while an emailed link is being checked, its page with the
 * loading indicator.
 */
export function AccountDone({ tag }: { tag: DoneTag | LinkTag }) {
  const busy = useAccountBusy();
  const legacy = useAccount((flow) => flow?.context.passwordChange === 'legacy');
  if (tag === 'screen.expressLink' || (busy && isLinkTag(tag))) {
    return (
      <AccountPage tag={tag} title={checking[tag]}>
        <LoadingIndicator />
      </AccountPage>
    );
  }
  const page = tag === 'screen.changePasswordSuccess' && legacy ? legacyChanged : pages[tag];
  return (
    <AccountPage tag={tag} title={page.title}>
      <p className={styles.subtitle}>
        <Msg id={page.body} />
      </p>
      <PageActions>
        <FlowButton primary event={{ type: 'user.continue' }} label={page.action} />
      </PageActions>
    </AccountPage>
  );
}
