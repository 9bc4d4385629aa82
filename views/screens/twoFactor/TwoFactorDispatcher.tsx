import { Msg } from '../../../i18n/Msg.tsx';
import { LoadingIndicator } from '../../frame/LoadingIndicator.tsx';
import { UiMessageText } from '../../UiMessageText.tsx';
import * as styles from '../screens.css.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { useTwoFactor, useTwoFactorSend } from './useTwoFactor.ts';

/** /twoFactor/dispatcher: the account's settings load; if they cannot, say so and offer to try again. */
export function TwoFactorDispatcher() {
  const send = useTwoFactorSend();
  const failed = useTwoFactor((flow) => flow?.matches('loadFailed') === true);
  const error = useTwoFactor((flow) => flow?.context.fieldError);
  useDocumentTitle('twoFactor.title');
  return (
    <section className={styles.screen} aria-labelledby="two-factor-title" data-screen="twoFactorDispatcher">
      <h1 id="two-factor-title" className={styles.title}>
        <Msg id="twoFactor.title" />
      </h1>
      {failed ? (
        <>
          <p role="alert" className={styles.fieldError}>
            {error && <UiMessageText message={error} />}
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.primaryButton}
              onClick={() => send({ type: 'user.retry' })}
            >
              <Msg id="frame.retry" />
            </button>
          </div>
        </>
      ) : (
        <LoadingIndicator />
      )}
    </section>
  );
}
