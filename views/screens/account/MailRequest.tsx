import type { MessageId } from '../../../i18n/messages.ts';
import { FlowButton, PageActions } from './AccountControls.tsx';
import { AccountPage, type AccountScreenTag } from './AccountPage.tsx';
import { useAccount } from './useAccount.ts';

type MailTag = Extract<
  AccountScreenTag,
  'screen.resetPasswordSend' | 'screen.expressLinkRequest' | 'screen.confirmEmail' | 'screen.activateAccount'
>;
interface MailPage {
  title: MessageId;
  body: MessageId;
  send: MessageId;
  back: MessageId;
}

const reset: MailPage = {
  title: 'account.mail.resetTitle',
  body: 'account.mail.resetBody',
  send: 'account.sendLink',
  back: 'account.back',
};
const setup: MailPage = { ...reset, title: 'account.mail.setupTitle', body: 'account.mail.setupBody' };
const pages: Record<Exclude<MailTag, 'screen.resetPasswordSend'>, MailPage> = {
  'screen.expressLinkRequest': {
    title: 'account.mail.expressTitle',
    body: 'account.mail.expressBody',
    send: 'account.sendLink',
    back: 'account.back',
  },
  'screen.confirmEmail': {
    title: 'account.mail.confirmTitle',
    body: 'account.mail.confirmBody',
    send: 'account.mail.confirmSend',
    back: 'account.backToSignIn',
  },
  'screen.activateAccount': {
    title: 'account.mail.activateTitle',
    body: 'account.mail.activateBody',
    send: 'account.mail.activateSend',
    back: 'account.backToSignIn',
  },
};

/**
 * A page that emails the account something when asked (spec §2): the recovery link once the number's
 * account is found (/resetPassword/sendRecoveryEmail, or its set-up variant), a sign-in link, the
 * confirmation email (361), the activation code (371). It says what will go where, then Send or Back.
 */
export function MailRequest({ tag }: { tag: MailTag }) {
  const setupPassword = useAccount((flow) => flow?.context.setupPassword === true);
  const account = useAccount((flow) => flow?.context.identifier ?? '');
  const maskedEmail = useAccount((flow) => flow?.context.maskedEmail ?? '');
  const page = tag === 'screen.resetPasswordSend' ? (setupPassword ? setup : reset) : pages[tag];
  return (
    <AccountPage tag={tag} title={page.title} intro={page.body} values={{ account, maskedEmail }}>
      <PageActions>
        <FlowButton primary event={{ type: 'user.send' }} label={page.send} />
        <FlowButton event={{ type: 'user.back' }} label={page.back} />
      </PageActions>
    </AccountPage>
  );
}
