import { useEffect, useState } from 'react';
import { Msg } from '../../../i18n/Msg.tsx';
import { visuallyHidden } from '../../frame/a11y.css.ts';
import * as styles from '../screens.css.ts';
import * as local from './twoFactor.css.ts';
import { useTwoFactor, useTwoFactorSend } from './useTwoFactor.ts';

/** Whole seconds until `at` (epoch ms), ticking once a second; display only, the machine decides. */
function useSecondsUntil(at: number | undefined): number {
  const remaining = () => Math.max(0, Math.ceil(((at ?? 0) - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(remaining);
  useEffect(() => {
    setSeconds(remaining());
    const timer = setInterval(() => setSeconds(remaining()), 1000);
    return () => clearInterval(timer);
  });
  return seconds;
}

/**
 * Spec §4 "resend after a countdown": the button waits while the machine cools down. The seconds tick
 * visibly; screen readers hear the wait once and then that a new code can be asked for, not every tick.
 */
export function ResendCode() {
  const send = useTwoFactorSend();
  const cooling = useTwoFactor((flow) => flow?.matches({ enteringCode: { resend: 'coolingDown' } }) === true);
  const sending = useTwoFactor((flow) => flow?.matches({ enteringCode: { resend: 'sending' } }) === true);
  const canResend = useTwoFactor((flow) => flow?.can({ type: 'user.resendCode' }) === true);
  const waitSeconds = useTwoFactor((flow) => flow?.context.resendAfterSeconds ?? 0);
  const availableAt = useTwoFactor((flow) => flow?.context.resendAvailableAt);
  const seconds = useSecondsUntil(availableAt);
  return (
    <div className={local.resend}>
      <button
        type="button"
        className={`${styles.linkButton} ${local.resendLink}`}
        disabled={!canResend}
        aria-busy={sending}
        onClick={() => {
          // WCAG 2.4.3: the button disables itself (sending, then the wait); the focus goes to the field
          // the new code is typed in, not to <body>.
          document.getElementById('code')?.focus();
          send({ type: 'user.resendCode' });
        }}
      >
        <Msg id="twoFactor.code.resend" />
      </button>
      {cooling && (
        <span aria-hidden="true" data-testid="resend-countdown">
          <Msg id="twoFactor.code.resendIn" values={{ seconds: Math.max(seconds, 1) }} />
        </span>
      )}
      <span className={visuallyHidden} aria-live="polite">
        {cooling && <Msg id="twoFactor.code.resendWait" values={{ seconds: waitSeconds }} />}
        {canResend && <Msg id="twoFactor.code.resendReady" />}
      </span>
    </div>
  );
}
