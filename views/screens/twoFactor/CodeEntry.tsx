import type { ContactBy } from '../../../api/contract/twoFactor.ts';
import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import * as styles from '../screens.css.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { CancelSignIn } from './CancelSignIn.tsx';
import { ChooseAnotherMethod, CodeForm } from './CodeForm.tsx';
import { ResendCode } from './ResendCode.tsx';
import * as local from './twoFactor.css.ts';
import { useTwoFactor, useTwoFactorSend } from './useTwoFactor.ts';

const sentTo: Record<ContactBy, MessageId> = {
  Phone: 'twoFactor.code.sentByCall',
  Sms: 'twoFactor.code.sentBySms',
  Email: 'twoFactor.code.sentByEmail',
  APP: 'twoFactor.code.fromAuthenticator',
};

/** /twoFactor/verify/{channel}(/{contact}) and /twoFactor/verify/APP: the code, resend, trust this device. */
export function CodeEntry() {
  const send = useTwoFactorSend();
  const channel = useTwoFactor((flow) => flow?.context.channel ?? 'APP');
  const contact = useTwoFactor((flow) => flow?.context.maskedContact ?? '');
  const error = useTwoFactor((flow) => flow?.context.fieldError);
  const codeSentNotice = useTwoFactor((flow) => flow?.context.notice === 'codeSent');
  const verifying = useTwoFactor((flow) => flow?.matches({ enteringCode: { code: 'verifying' } }) === true);
  const throttled = useTwoFactor((flow) => flow?.matches({ enteringCode: { code: 'throttled' } }) === true);
  useDocumentTitle('twoFactor.code.title');

  return (
    <section className={styles.screen} aria-labelledby="two-factor-code-title" data-screen="twoFactorVerify">
      <h1 id="two-factor-code-title" className={styles.title}>
        <Msg id="twoFactor.code.title" />
      </h1>
      <p className={styles.subtitle}>
        <Msg id={sentTo[channel]} values={{ contact }} />
      </p>
      <p className={local.sentNotice} aria-live="polite">
        {codeSentNotice && <Msg id="twoFactor.code.sent" />}
      </p>
      <CodeForm error={error} disabled={throttled} busy={verifying}>
        {throttled && (
          <button
            type="button"
            className={styles.secondaryButton}
            onClick={() => send({ type: 'user.retry' })}
          >
            <Msg id="frame.retry" />
          </button>
        )}
      </CodeForm>
      {channel !== 'APP' && <ResendCode />}
      <ChooseAnotherMethod />
      <CancelSignIn />
    </section>
  );
}
