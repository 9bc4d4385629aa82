import type { ContactBy } from '../../../api/contract/twoFactor.ts';
import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import { Ltr } from '../../Ltr.tsx';
import * as styles from '../screens.css.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { CancelSignIn } from './CancelSignIn.tsx';
import { CodeExpiry } from './CodeExpiry.tsx';
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

/** How long a sent code works, in whole minutes (never more than it does, at least one). */
const lifetimeMinutes = (seconds: number) => Math.max(1, Math.floor(seconds / 60));

/** /twoFactor/verify/{channel}(/{contact}) and /twoFactor/verify/APP: the code, resend, trust this device. */
export function CodeEntry() {
  const send = useTwoFactorSend();
  const channel = useTwoFactor((flow) => flow?.context.channel ?? 'APP');
  const contact = useTwoFactor((flow) => flow?.context.maskedContact ?? '');
  const error = useTwoFactor((flow) => flow?.context.fieldError);
  const notice = useTwoFactor((flow) => flow?.context.notice);
  const sentAt = useTwoFactor((flow) => flow?.context.codeSentAt);
  const lifetimeSeconds = useTwoFactor((flow) => flow?.context.codeExpiresInSeconds);
  const verifying = useTwoFactor((flow) => flow?.matches({ enteringCode: { code: 'verifying' } }) === true);
  const throttled = useTwoFactor((flow) => flow?.matches({ enteringCode: { code: 'throttled' } }) === true);
  useDocumentTitle('twoFactor.code.title');

  return (
    <section className={styles.screen} aria-labelledby="two-factor-code-title" data-screen="twoFactorVerify">
      <h1 id="two-factor-code-title" className={styles.title}>
        <Msg id="twoFactor.code.title" />
      </h1>
      <p className={styles.subtitle}>
        <Msg id={sentTo[channel]} values={{ contact: <Ltr>{contact}</Ltr> }} />
      </p>
      {channel !== 'APP' && lifetimeSeconds !== undefined && (
        <p className={local.lifetime}>
          <Msg id="twoFactor.code.lifetime" values={{ minutes: lifetimeMinutes(lifetimeSeconds) }} />
        </p>
      )}
      {/*
       * The subtitle says where the first code went (read after the heading, which takes the focus on
       * arrival). Only a resend is announced: a new code is on its way, with the time it went out, in a
       * node of its own, so each resend is new text and screen readers announce every one.
       */}
      <p className={local.sentNotice} aria-live="polite">
        {notice === 'codeResent' && (
          <span key={sentAt} data-testid="code-resent">
            <Msg id="twoFactor.code.sent" values={{ time: sentAt ?? Date.now() }} />
          </span>
        )}
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
      {channel !== 'APP' && (
        <>
          <CodeExpiry />
          <ResendCode />
        </>
      )}
      <ChooseAnotherMethod />
      <CancelSignIn />
    </section>
  );
}
