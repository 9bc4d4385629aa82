import type { InputHTMLAttributes } from 'react';
import { Msg } from '../../i18n/Msg.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import type { UiMessage } from '../../machines/errors.ts';
import { UiMessageText } from '../UiMessageText.tsx';
import * as styles from './screens.css.ts';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> & {
  name: string;
  label: MessageId;
  error: UiMessage | undefined;
  /** The form's error summary announces the error (views/screens/ErrorSummary.tsx): no alert of its own. */
  errorInSummary?: boolean;
};

/**
 * A labelled input whose error is announced and tied to it (aria-invalid, aria-describedby); an
 * aria-describedby of its own (a hint, a checklist) is read after the error.
 */
export function TextField({
  name,
  label,
  error,
  errorInSummary,
  'aria-describedby': hint,
  ...input
}: TextFieldProps) {
  const errorId = `${name}-error`;
  const describedBy = [error ? errorId : undefined, hint].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={name}>
        <Msg id={label} />
      </label>
      <input
        {...input}
        id={name}
        name={name}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <p id={errorId} role={errorInSummary ? undefined : 'alert'} className={styles.fieldError}>
        {error && <UiMessageText message={error} />}
      </p>
    </div>
  );
}
