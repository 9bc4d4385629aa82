import type { FormEvent } from 'react';
import { Msg } from '../../i18n/Msg.tsx';
import { selectAppName, selectFieldError } from '../../machines/selectors.ts';
import { SignInActor } from '../SignInActor.ts';
import { FormActions } from './FormActions.tsx';
import * as styles from './screens.css.ts';
import { TextField } from './TextField.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';

/** /enterCredential: email, or phone with optional extension (spec §2, §5). */
export function CredentialScreen() {
  const actor = SignInActor.useActorRef();
  const credentialText = SignInActor.useSelector((snapshot) => snapshot.context.credentialText);
  const fieldError = SignInActor.useSelector(selectFieldError);
  const appName = SignInActor.useSelector(selectAppName);
  useDocumentTitle('credential.title');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const credential = new FormData(event.currentTarget).get('credential');
    actor.send({
      type: 'user.submitCredential',
      credential: typeof credential === 'string' ? credential : '',
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
      <form className={styles.form} noValidate onSubmit={submit}>
        <TextField
          name="credential"
          label="credential.label"
          error={fieldError}
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          defaultValue={credentialText}
          autoFocus
        />
        <FormActions submit="credential.submit" />
      </form>
    </section>
  );
}
