import { type FormEvent, useEffect } from 'react';
import { Msg } from '../../i18n/Msg.tsx';
import {
  selectAppName,
  selectFieldError,
  selectForgotPasswordSubtitle,
  selectRememberMe,
} from '../../machines/selectors.ts';
import { SignInActor } from '../SignInActor.ts';
import { AlternativeSignIn } from './AlternativeSignIn.tsx';
import { FormActions } from './FormActions.tsx';
import * as styles from './screens.css.ts';
import { TextField } from './TextField.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';
import { usePasskeyEvent } from './usePasskeyEvent.ts';

/** /enterCredential: email, or phone with optional extension (spec §2, §5). */
export function CredentialScreen() {
  const actor = SignInActor.useActorRef();
  const credentialText = SignInActor.useSelector((snapshot) => snapshot.context.credentialText);
  const fieldError = SignInActor.useSelector(selectFieldError);
  const appName = SignInActor.useSelector(selectAppName);
  const forgotPassword = SignInActor.useSelector(selectForgotPasswordSubtitle);
  const rememberMe = SignInActor.useSelector(
    selectRememberMe,
    (a, b) => a.shown === b.shown && a.checked === b.checked,
  );
  // The browser offers the account's passkeys among the field's suggestions (autofill) where it may.
  const passkeys = usePasskeyEvent({ type: 'user.signInWithPasskey' });
  useDocumentTitle('credential.title');
  // The field takes the focus in the frame after the page is inserted, not while React inserts it
  // (autoFocus): focusing makes the browser lay the new page out at once, inside that long task.
  useEffect(() => {
    const frame = requestAnimationFrame(() => document.getElementById('credential')?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const credential = form.get('credential');
    actor.send({
      type: 'user.submitCredential',
      credential: typeof credential === 'string' ? credential : '',
      ...(rememberMe.shown ? { remember: form.get('remember') === 'on' } : {}),
    });
  };

  return (
    <section className={styles.screen} aria-labelledby="credential-title" data-screen="enterCredential">
      <h1 id="credential-title" className={styles.title}>
        <Msg id="credential.title" />
      </h1>
      {appName && (
        <p className={styles.subtitle}>
          <Msg id="credential.subtitle" values={{ appName }} />
        </p>
      )}
      {forgotPassword && (
        <p className={styles.subtitle} data-testid="forgot-password-subtitle">
          <Msg id="credential.forgotPasswordSubtitle" />
        </p>
      )}
      <form className={styles.form} noValidate onSubmit={submit}>
        <TextField
          name="credential"
          label="credential.label"
          error={fieldError}
          type="text"
          inputMode="email"
          autoComplete={passkeys ? 'username webauthn' : 'username'}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          defaultValue={credentialText}
        />
        {rememberMe.shown && (
          <label className={styles.checkboxLabel}>
            <input type="checkbox" name="remember" defaultChecked={rememberMe.checked} />
            <Msg id="credential.rememberMe" />
          </label>
        )}
        <FormActions submit="credential.submit" />
      </form>
      <AlternativeSignIn />
    </section>
  );
}
