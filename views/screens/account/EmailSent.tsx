import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import { Ltr } from '../../Ltr.tsx';
import * as styles from '../screens.css.ts';
import { FlowButton, PageActions } from './AccountControls.tsx';
import { AccountPage, type AccountScreenTag } from './AccountPage.tsx';
import * as local from './account.css.ts';
import { CONFIRMATION_LINK_HOURS, EXPRESS_LINK_MINUTES, RESET_LINK_MINUTES } from './linkLifetimes.ts';
import { useAccount } from './useAccount.ts';

type SentTag = Extract<
  AccountScreenTag,
  'screen.resetPasswordSent' | 'screen.expressLinkSent' | 'screen.confirmEmail'
>;
type Lifetime = { id: MessageId; values: Record<string, number> };

const inMinutes = (minutes: number): Lifetime => ({
  id: 'account.sent.expiresInMinutes',
  values: { minutes },
});
const lifetimes: Record<SentTag, Lifetime> = {
  'screen.resetPasswordSent': inMinutes(RESET_LINK_MINUTES),
  'screen.expressLinkSent': inMinutes(EXPRESS_LINK_MINUTES),
  'screen.confirmEmail': { id: 'account.sent.expiresInHours', values: { hours: CONFIRMATION_LINK_HOURS } },
};

function bodyOf(tag: SentTag, setupPassword: boolean): MessageId {
  if (tag === 'screen.expressLinkSent') return 'account.sent.express';
  if (tag === 'screen.confirmEmail') return 'account.sent.confirm';
  return setupPassword ? 'account.sent.setup' : 'account.sent.reset';
}

/** That an email has just gone out (again), said politely: once per send, as the flow marks it. */
export function SentNotice() {
  const emailSent = useAccount((flow) => flow?.context.emailSent === true);
  return (
    <p className={local.sentNotice} role="status">
      {emailSent && <Msg id="account.sent.announce" />}
    </p>
  );
}

/**
 * Spec §2 sendEmailSuccess (reset or set-up), the sign-in link's and the confirmation's sent pages:
 * where the email went (masked), how long its link works, Resend and Back to sign in.
 */
export function EmailSent({ tag }: { tag: SentTag }) {
  const maskedEmail = useAccount((flow) => flow?.context.maskedEmail ?? '');
  const setupPassword = useAccount((flow) => flow?.context.setupPassword === true);
  const lifetime = lifetimes[tag];
  return (
    <AccountPage tag={tag} title="account.sent.title">
      <SentNotice />
      <p className={styles.subtitle}>
        <Msg id={bodyOf(tag, setupPassword)} values={{ maskedEmail: <Ltr>{maskedEmail}</Ltr> }} />{' '}
        <Msg id={lifetime.id} values={lifetime.values} />
      </p>
      <p className={local.hint}>
        <Msg id="account.sent.notReceived" />
      </p>
      <PageActions>
        <FlowButton primary event={{ type: 'user.continue' }} label="account.backToSignIn" />
        <FlowButton event={{ type: 'user.resend' }} label="account.sent.resend" />
      </PageActions>
    </AccountPage>
  );
}
