import { Msg } from '../../../i18n/Msg.tsx';
import { UiMessageText } from '../../UiMessageText.tsx';
import * as styles from '../screens.css.ts';
import { useTwoFactor, useTwoFactorSend } from './useTwoFactor.ts';

/** What the flow could not load (settings, a new authenticator key), announced, with Try again. */
export function LoadFailed() {
  const send = useTwoFactorSend();
  const error = useTwoFactor((flow) => flow?.context.fieldError);
  return (
    <>
      <p role="alert" className={styles.fieldError}>
        {error && <UiMessageText message={error} />}
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.primaryButton} onClick={() => send({ type: 'user.retry' })}>
          <Msg id="frame.retry" />
        </button>
      </div>
    </>
  );
}
