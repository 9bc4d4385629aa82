import type { FormEvent } from 'react';
import type { ContactBy } from '../../../api/contract/twoFactor.ts';
import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import * as styles from '../screens.css.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { CancelSignIn } from './CancelSignIn.tsx';
import { CodeField, submittedCode } from './CodeField.tsx';
import { ResendCode } from './ResendCode.tsx';
import { TrustDevice } from './TrustDevice.tsx';
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
  const canChooseAnother = useTwoFactor((flow) => flow?.can({ type: 'user.chooseAnotherMethod' }) === true);
  useDocumentTitle('twoFactor.code.title');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'user.submitCode', ...submittedCode(event.currentTarget) });
  };

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
      <form className={styles.form} noValidate onSubmit={submit}>
        <CodeField error={error} disabled={throttled} />
        <TrustDevice />
        <div className={styles.actions}>
          <button type="submit" className={styles.primaryButton} disabled={verifying || throttled}>
            <Msg id="twoFactor.code.submit" />
          </button>
          {throttled && (
            <button
              type="button"
              className={styles.secondaryButton}
              onClick={() => send({ type: 'user.retry' })}
            >
              <Msg id="frame.retry" />
            </button>
          )}
        </div>
      </form>
      {channel !== 'APP' && <ResendCode />}
      {canChooseAnother && (
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => send({ type: 'user.chooseAnotherMethod' })}
        >
          <Msg id="twoFactor.chooseAnother" />
        </button>
      )}
      <CancelSignIn />
    </section>
  );
}
