import type { MouseEvent, ReactNode } from 'react';
import * as styles from './screens.css.ts';

const ignore = (event: MouseEvent) => event.preventDefault();

interface BusyButtonProps {
  /** A call this page started runs: the button waits, keeping the focus. */
  busy: boolean;
  className: string;
  /** A form's submit button has none: pressing it (or Enter in a field) submits the form. */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  type?: 'button' | 'submit';
  /** For a page that cannot be submitted at all (a throttled code page), not for a busy one. */
  disabled?: boolean;
  children: ReactNode;
  'aria-label'?: string;
  'aria-describedby'?: string;
}

/**
 * A button that waits while a call runs without letting go of the focus: a disabled button drops a
 * mouse or keyboard user's focus to <body> (WCAG 2.4.3), so while `busy` it is only marked
 * aria-disabled, and its clicks (Enter in a field too, which clicks a form's submit button) do nothing.
 * Every page's action buttons are these.
 */
export function BusyButton({ busy, type = 'button', onClick, children, ...rest }: BusyButtonProps) {
  return (
    <button type={type} {...rest} aria-disabled={busy || undefined} onClick={busy ? ignore : onClick}>
      {children}
    </button>
  );
}

/** A form's submit button, in the page's primary look. */
export function SubmitButton(props: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  return <BusyButton type="submit" className={styles.primaryButton} {...props} />;
}
