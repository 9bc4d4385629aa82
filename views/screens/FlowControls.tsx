import type { ReactNode } from 'react';
import { Msg } from '../../i18n/Msg.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { CancelButton } from './CancelButton.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import * as styles from './screens.css.ts';

/**
 * The controls every page of a lazily loaded flow (account, emergency address) shares; each flow's
 * own controls pass whether its call is running. Kept out of FormActions.tsx, which the first screen
 * loads: these load with the flows' pages.
 */

/** A page's own submit action (Send reset link, Verify address …), waiting while a call runs. */
export function FlowSubmitButton({ label, busy }: { label: MessageId; busy: boolean }) {
  return (
    <SubmitButton busy={busy}>
      <Msg id={label} />
    </SubmitButton>
  );
}

/** A page's buttons in one row, then Cancel (back to the app) where the sign-in allows it. */
export function PageActions({ children }: { children: ReactNode }) {
  return (
    <div className={styles.actions}>
      {children}
      <CancelButton />
    </div>
  );
}
