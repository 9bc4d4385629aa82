import type { FormEvent } from 'react';
import { Msg } from '../../i18n/Msg.tsx';
import { selectFieldError } from '../../machines/selectors.ts';
import { SignInActor } from '../SignInActor.ts';
import { FormActions } from './FormActions.tsx';
import * as styles from './screens.css.ts';
import { TextField } from './TextField.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';

/** /ssoLogin (spec §2): the work email whose company identity provider signs the user in. */
export function SsoLoginScreen() {
  const actor = SignInActor.useActorRef();
  // The credential page's email carries over; a phone number does not fit here.
  const email = SignInActor.useSelector((snapshot) =>
    snapshot.context.credential?.kind === 'email' ? snapshot.context.credential.loginEmail : '',
  );
  const fieldError = SignInActor.useSelector(selectFieldError);
  useDocumentTitle('sso.title');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('email');
    actor.send({ type: 'user.submitSsoEmail', email: typeof value === 'string' ? value : '' });
  };

  return (
    <section className={styles.screen} aria-labelledby="sso-title" data-screen="ssoLogin">
      <h1 id="sso-title" className={styles.title}>
        <Msg id="sso.title" />
      </h1>
      <p className={styles.subtitle}>
        <Msg id="sso.subtitle" />
      </p>
      <form className={styles.form} noValidate onSubmit={submit}>
        <TextField
          name="email"
          label="sso.label"
          error={fieldError}
          type="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          defaultValue={email}
          autoFocus
        />
        <FormActions submit="sso.submit" />
      </form>
      <button type="button" className={styles.linkButton} onClick={() => actor.send({ type: 'user.back' })}>
        <Msg id="sso.back" />
      </button>
    </section>
  );
}
