import { Msg } from '../../../i18n/Msg.tsx';
import { focusHeading } from '../focusHeading.ts';
import { BusyButton } from '../SubmitButton.tsx';
import * as styles from '../screens.css.ts';
import { PasskeyPage, type PasskeyScreenTag } from './PasskeyPage.tsx';
import * as local from './passkeys.css.ts';
import { usePasskeyCreating, usePasskeysBusy, usePasskeysSend } from './usePasskeys.ts';

const HINT_ID = 'passkeyOffer-hint';

/**
 * "Sign in faster next time with a passkey", once after a password sign-in: Create runs the browser's
 * ceremony (the page says to follow the browser's steps meanwhile); Not now goes on with the sign-in
 * and, as its hint says, is not asked again on this device for a while.
 */
export function PasskeyOffer({ tag }: { tag: PasskeyScreenTag }) {
  const send = usePasskeysSend();
  const busy = usePasskeysBusy();
  const creating = usePasskeyCreating();
  return (
    <PasskeyPage tag={tag} title="passkeys.offer.title">
      <p className={local.body}>
        <Msg id="passkeys.offer.lead" />
      </p>
      <p role="status" className={local.progress}>
        {creating && <Msg id="passkeys.creating" />}
      </p>
      <div className={styles.actions} aria-busy={busy}>
        <BusyButton
          className={styles.primaryButton}
          busy={busy}
          onClick={(event) => {
            // Create and Not now wait while the browser's steps run; the status below says what is
            // happening, and the heading, focused, names the page it happens on.
            focusHeading(event.currentTarget);
            send({ type: 'user.createPasskey' });
          }}
        >
          <Msg id="passkeys.offer.create" />
        </BusyButton>
        <BusyButton
          className={styles.secondaryButton}
          busy={busy}
          aria-describedby={HINT_ID}
          onClick={() => send({ type: 'user.notNow' })}
        >
          <Msg id="passkeys.offer.notNow" />
        </BusyButton>
      </div>
      <p id={HINT_ID} className={local.note}>
        <Msg id="passkeys.offer.notNowHint" />
      </p>
    </PasskeyPage>
  );
}
