import { type FormEvent, useEffect, useRef } from 'react';
import { Msg } from '../../../i18n/Msg.tsx';
import { UiMessageText } from '../../UiMessageText.tsx';
import { FlowSubmitButton } from '../FlowControls.tsx';
import * as styles from '../screens.css.ts';
import { RoomPage } from './RoomPage.tsx';
import * as local from './room.css.ts';
import { useRoom, useRoomBusy, useRoomSend } from './useRoom.ts';

const FIELD_ID = 'roomCode';
const HINT_ID = `${FIELD_ID}-hint`;
const ERROR_ID = `${FIELD_ID}-error`;

/**
 * The code shown on the room's screen (prefilled from the /device link). The flow checks it before any
 * call and words the server's refusal; after a refused submit the focus returns to the field, whose
 * message its alert has announced. The hint is read after the message.
 */
export function EnterCode() {
  const send = useRoomSend();
  const busy = useRoomBusy();
  const code = useRoom((flow) => flow?.context.code ?? '');
  const error = useRoom((flow) => flow?.context.fieldError);
  const field = useRef<HTMLInputElement>(null);
  // Only the answer to a submit moves the focus, not a message cleared by typing.
  const submitted = useRef(false);
  useEffect(() => {
    if (!submitted.current || !error) return;
    submitted.current = false;
    field.current?.focus();
  }, [error]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    send({ type: 'user.submit' });
  };
  return (
    <RoomPage name="roomActivation" title="room.enterCode.title">
      <p className={styles.subtitle}>
        <Msg id="room.enterCode.intro" />
      </p>
      <form className={styles.form} noValidate onSubmit={submit} aria-busy={busy || undefined}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={FIELD_ID}>
            <Msg id="room.enterCode.label" />
          </label>
          <input
            ref={field}
            id={FIELD_ID}
            name={FIELD_ID}
            className={`${styles.input} ${local.codeInput}`}
            type="text"
            value={code}
            onChange={(event) => send({ type: 'user.changeCode', value: event.currentTarget.value })}
            readOnly={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ERROR_ID} ${HINT_ID}` : HINT_ID}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            maxLength={40}
            // biome-ignore lint/a11y/noAutofocus: the page exists for this one field; the person arrives to type the code
            autoFocus={code === ''}
          />
          <p id={ERROR_ID} role="alert" className={styles.fieldError}>
            {error && <UiMessageText message={error} />}
          </p>
          <p id={HINT_ID} className={local.hint}>
            <Msg id="room.enterCode.hint" />
          </p>
        </div>
        <div className={styles.actions}>
          <FlowSubmitButton label="room.enterCode.submit" busy={busy} />
        </div>
      </form>
    </RoomPage>
  );
}
