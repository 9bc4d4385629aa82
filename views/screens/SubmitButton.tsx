import type { MouseEvent, ReactNode } from 'react';
import * as styles from './screens.css.ts';

const ignore = (event: MouseEvent) => event.preventDefault();

/**
 * A form's submit button that waits while its call runs without letting go of the focus: a disabled
 * button drops a mouse user's focus to <body> (WCAG 2.4.3), so while `busy` it is only marked
 * aria-disabled, and its clicks — Enter in a field too, which clicks the form's submit button — do
 * nothing. `disabled` is for a page that cannot be submitted at all (a throttled code page).
 */
export function SubmitButton(props: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className={styles.primaryButton}
      disabled={props.disabled}
      aria-disabled={props.busy || undefined}
      onClick={props.busy ? ignore : undefined}
    >
      {props.children}
    </button>
  );
}
