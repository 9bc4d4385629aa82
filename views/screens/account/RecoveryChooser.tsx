import * as styles from '../screens.css.ts';
import { FlowButton, PageActions } from './AccountControls.tsx';
import { AccountPage } from './AccountPage.tsx';

/** Spec §2 /resetPassword: find the account by its email or by its phone number. */
export function RecoveryChooser() {
  return (
    <AccountPage tag="screen.resetPassword" title="account.recovery.title" intro="account.recovery.intro">
      <div className={styles.alternatives}>
        <FlowButton
          primary
          event={{ type: 'user.chooseRecovery', via: 'email' }}
          label="account.recovery.byEmail"
        />
        <FlowButton
          event={{ type: 'user.chooseRecovery', via: 'number' }}
          label="account.recovery.byNumber"
        />
      </div>
      <PageActions>
        <FlowButton link event={{ type: 'user.back' }} label="account.backToSignIn" />
      </PageActions>
    </AccountPage>
  );
}
