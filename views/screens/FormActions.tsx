import { Msg } from '../../i18n/Msg.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { selectBusy } from '../../machines/selectors.ts';
import { SignInActor } from '../SignInActor.ts';
import { CancelButton } from './CancelButton.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import * as styles from './screens.css.ts';

/** A form's submit button, and Cancel (back to the app with user_cancelled) where the machine allows it. */
export function FormActions({ submit }: { submit: MessageId }) {
  const busy = SignInActor.useSelector(selectBusy);
  return (
    <div className={styles.actions}>
      <SubmitButton busy={busy}>
        <Msg id={submit} />
      </SubmitButton>
      <CancelButton />
    </div>
  );
}
