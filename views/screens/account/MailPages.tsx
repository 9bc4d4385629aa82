import { ActivationForm } from './ActivationForm.tsx';
import { EmailSent } from './EmailSent.tsx';
import { MailRequest } from './MailRequest.tsx';
import { useMailSent } from './useAccount.ts';

/** Spec §2 confirm email (361 at sign-in): send the confirmation email again, then where it went. */
export function ConfirmEmail() {
  return useMailSent() ? <EmailSent tag="screen.confirmEmail" /> : <MailRequest tag="screen.confirmEmail" />;
}

/** Spec §3 activation (371 at sign-in): email the activation code, then the activation form. */
export function Activation() {
  return useMailSent() ? <ActivationForm /> : <MailRequest tag="screen.activateAccount" />;
}
