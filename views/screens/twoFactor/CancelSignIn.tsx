import { selectCanCancel } from '../../../machines/selectors.ts';
import { SignInActor } from '../../SignInActor.ts';
import { CancelButton } from '../CancelButton.tsx';
import * as styles from '../screens.css.ts';

/** The two-factor screens' own row for Cancel, below their forms (none where the sign-in cannot be cancelled). */
export function CancelSignIn() {
  const canCancel = SignInActor.useSelector(selectCanCancel);
  if (!canCancel) return null;
  return (
    <div className={styles.actions}>
      <CancelButton />
    </div>
  );
}
