import type { ComponentType } from 'react';
import { LoadingIndicator } from '../../frame/LoadingIndicator.tsx';
import { CancelSignIn } from '../twoFactor/CancelSignIn.tsx';
import { AccountDone } from './AccountDone.tsx';
import type { AccountScreenTag } from './AccountPage.tsx';
import { EmailSent } from './EmailSent.tsx';
import { Activation, ConfirmEmail } from './MailPages.tsx';
import { MailRequest } from './MailRequest.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { RecoveryChooser } from './RecoveryChooser.tsx';
import { RecoveryForm } from './RecoveryForm.tsx';
import { useAccount } from './useAccount.ts';

/** Every page of the account flow by its tag; a view that serves several pages is told which. */
const views: { [T in AccountScreenTag]: ComponentType<{ tag: T }> } = {
  'screen.resetPassword': RecoveryChooser,
  'screen.resetPasswordEmail': RecoveryForm,
  'screen.resetPasswordNumber': RecoveryForm,
  'screen.resetPasswordSend': MailRequest,
  'screen.resetPasswordSent': EmailSent,
  'screen.expressLinkRequest': MailRequest,
  'screen.expressLinkSent': EmailSent,
  'screen.createPassword': PasswordForm,
  'screen.enforceResetPassword': PasswordForm,
  'screen.changeOneTimePassword': PasswordForm,
  'screen.changePassword': PasswordForm,
  'screen.legacyPasswordChange': PasswordForm,
  'screen.resetComplete': AccountDone,
  'screen.changePasswordSuccess': AccountDone,
  'screen.confirmEmailLink': AccountDone,
  'screen.activate': AccountDone,
  'screen.expressLink': AccountDone,
  'screen.confirmEmail': ConfirmEmail,
  'screen.activateAccount': Activation,
};
const tags = Object.keys(views) as AccountScreenTag[];

/**
 * Spec §2 password and account families: whichever page the account flow's active state names (each
 * marks itself with its own data-screen inside this one, which names the sign-in machine's state).
 * Each page is keyed by its tag, so what was typed on one page never carries over to the next.
 */
export function AccountScreen() {
  const tag = useAccount((flow) => tags.find((candidate) => flow?.hasTag(candidate)));
  const View = tag && (views[tag] as ComponentType<{ tag: AccountScreenTag }>);
  return (
    <div data-screen="account">
      {tag && View ? (
        <View key={tag} tag={tag} />
      ) : (
        <>
          <LoadingIndicator />
          <CancelSignIn />
        </>
      )}
    </div>
  );
}
