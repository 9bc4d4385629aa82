import {
  type InputHTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Msg } from '../../i18n/Msg.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import type { UiMessage } from '../../machines/errors.ts';
import { UiMessageText } from '../UiMessageText.tsx';
import * as local from './passwordField.css.ts';
import * as styles from './screens.css.ts';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'type'> & {
  name: string;
  label: MessageId;
  error: UiMessage | undefined;
  /** Always a password: accepted so that a field's props can say so, the toggle decides what shows. */
  type?: 'password';
  /** The form's error summary announces the error (views/screens/ErrorSummary.tsx): no alert of its own. */
  errorInSummary?: boolean;
};

/**
 * TextField for a password (docs/passwords.md, "Typing a password"): a Show password toggle after the
 * input and a note while Caps Lock is on. Whether the password shows is presentation, not flow, so it is
 * this field's own state; the input keeps its name, id and autocomplete for password managers.
 */
export function PasswordField({
  name,
  label,
  error,
  errorInSummary,
  type: _,
  'aria-describedby': hint,
  onKeyDown,
  onKeyUp,
  onMouseDown,
  onBlur,
  ...input
}: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const labelId = `${name}-label`;
  const errorId = `${name}-error`;
  const capsLockId = `${name}-caps-lock`;
  const describedBy =
    [error ? errorId : undefined, hint, capsLock ? capsLockId : undefined].filter(Boolean).join(' ') ||
    undefined;

  // A browser that saw the field as text when the form went would offer to save the password as
  // plain text (or keep it in form history): it is a password again before any submit handler runs.
  // The input is set at once, as React renders the state later (flushSync would cost the first
  // screen's chunk an export of react-dom).
  useEffect(() => {
    const form = field.current?.form;
    if (!form) return;
    const hide = () => {
      if (field.current) field.current.type = 'password';
      setShown(false);
    };
    form.addEventListener('submit', hide);
    return () => form.removeEventListener('submit', hide);
  }, []);

  // Changing the input's type may move its caret (not in Chromium): the user's caret and selection
  // are put back once the new type is rendered.
  const kept = useRef<Parameters<HTMLInputElement['setSelectionRange']>>();
  useLayoutEffect(() => {
    if (kept.current) field.current?.setSelectionRange(...kept.current);
    kept.current = undefined;
  });
  const toggle = () => {
    const { selectionStart, selectionEnd, selectionDirection } = field.current ?? {};
    kept.current =
      selectionStart != null && selectionEnd != null
        ? [selectionStart, selectionEnd, selectionDirection ?? undefined]
        : undefined;
    setShown((was) => !was);
  };
  // A click into the field tells too, before any key; React answers false for an event without the state.
  const readCapsLock = (event: KeyboardEvent | MouseEvent) => setCapsLock(event.getModifierState('CapsLock'));

  return (
    <div className={styles.field}>
      <label id={labelId} className={styles.label} htmlFor={name}>
        <Msg id={label} />
      </label>
      <div className={local.row}>
        <input
          spellCheck={false}
          autoCapitalize="none"
          autoCorrect="off"
          {...input}
          ref={field}
          id={name}
          name={name}
          type={shown ? 'text' : 'password'}
          className={`${styles.input} ${local.input}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onKeyDown={(event) => {
            readCapsLock(event);
            onKeyDown?.(event);
          }}
          onKeyUp={(event) => {
            readCapsLock(event);
            onKeyUp?.(event);
          }}
          onMouseDown={(event) => {
            readCapsLock(event);
            onMouseDown?.(event);
          }}
          onBlur={(event) => {
            setCapsLock(false);
            onBlur?.(event);
          }}
        />
        <button
          type="button"
          className={local.toggle}
          aria-pressed={shown}
          aria-controls={name}
          aria-describedby={labelId}
          // A pointer leaves the focus where it was (typing goes on in the field); the keyboard's
          // focus is on this button already and stays there.
          onMouseDown={(event) => event.preventDefault()}
          onClick={toggle}
        >
          <Msg id="password.show" />
        </button>
      </div>
      <p id={capsLockId} role="status" className={local.capsLock}>
        {capsLock && <Msg id="password.capsLockOn" />}
      </p>
      <p id={errorId} role={errorInSummary ? undefined : 'alert'} className={styles.fieldError}>
        {error && <UiMessageText message={error} />}
      </p>
    </div>
  );
}
