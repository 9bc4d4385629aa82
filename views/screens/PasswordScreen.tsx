import type { FormEvent } from 'react';
import { Msg } from '../../i18n/Msg.tsx';
import { selectFieldError } from '../../machines/selectors.ts';
import { Ltr } from '../Ltr.tsx';
import { SignInActor } from '../SignInActor.ts';
import { FormActions } from './FormActions.tsx';
import { PasswordField } from './PasswordField.tsx';
import * as pages from './pages.css.ts';
import * as styles from './screens.css.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';
import { useNumberText } from './useNumberText.ts';

/** /enterPassword/{email|number}/{credential}: password entry that password managers understand. */
export function PasswordScreen() {
  const actor = SignInActor.useActorRef();
  const loginId = SignInActor.useSelector((snapshot) => snapshot.context.credential?.loginId ?? '');
  const isNumber = SignInActor.useSelector((snapshot) => snapshot.context.credential?.kind === 'number');
  const extension = SignInActor.useSelector((snapshot) =>
    snapshot.context.credential?.kind === 'number' ? snapshot.context.credential.extension : '',
  );
  const fieldError = SignInActor.useSelector(selectFieldError);
  // Spec §1 recovery and express email link: offered where the sign-in can start them.
  const canRecover = SignInActor.useSelector((snapshot) => snapshot.can({ type: 'user.forgotPassword' }));
  const canEmailLink = SignInActor.useSelector((snapshot) =>
    snapshot.can({ type: 'user.requestExpressLink' }),
  );
  // Ours (docs/passkeys.md): an account with a passkey may use it here too, e.g. when the app named it.
  const credentialText = SignInActor.useSelector((snapshot) => snapshot.context.credentialText);
  const canUsePasskey = SignInActor.useSelector(
    (snapshot) =>
      snapshot.context.loginOptions?.includes('passkey') === true &&
      snapshot.can({ type: 'user.signInWithPasskey', loginId: credentialText }),
  );
  useDocumentTitle('password.title');
  // What password managers file the password under: the same text as ever, whatever the page shows.
  const shownId = extension ? `${loginId} #${extension}` : loginId;
  // A number as its country writes it, once the number service has said (E.164 until then).
  const shownLoginId = useNumberText(isNumber ? loginId : undefined) ?? loginId;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = new FormData(event.currentTarget).get('password');
    actor.send({ type: 'user.submitPassword', password: typeof password === 'string' ? password : '' });
  };

  return (
    <section className={styles.screen} aria-labelledby="password-title" data-screen="enterPassword">
      <h1 id="password-title" className={styles.title}>
        <Msg id="password.title" />
      </h1>
      <div className={pages.identity}>
        <span>
          <Msg id="password.usernameLabel" />{' '}
          <strong data-testid="signing-in-as">
            {extension ? (
              // Each part isolated left to right; the words between them follow the page's direction.
              <Msg
                id="password.numberWithExtension"
                values={{ number: <Ltr>{shownLoginId}</Ltr>, extension: <Ltr>{extension}</Ltr> }}
              />
            ) : (
              <Ltr>{shownLoginId}</Ltr>
            )}
          </strong>
        </span>
        <button type="button" className={styles.linkButton} onClick={() => actor.send({ type: 'user.back' })}>
          <Msg id="password.change" />
        </button>
      </div>
      <form className={styles.form} noValidate onSubmit={submit}>
        {/* Password managers pair the password with this username; it is not a field the user edits. */}
        <input type="text" name="username" autoComplete="username" value={shownId} readOnly hidden />
        <PasswordField
          name="password"
          label="password.label"
          error={fieldError}
          autoComplete="current-password"
          maxLength={256}
          autoFocus
        />
        <FormActions submit="password.submit" />
      </form>
      {(canRecover || canEmailLink || canUsePasskey) && (
        <div className={styles.actions}>
          {canUsePasskey && (
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => actor.send({ type: 'user.signInWithPasskey', loginId: credentialText })}
            >
              <Msg id="credential.withPasskey" />
            </button>
          )}
          {canRecover && (
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => actor.send({ type: 'user.forgotPassword' })}
            >
              <Msg id="account.forgotPassword" />
            </button>
          )}
          {canEmailLink && (
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => actor.send({ type: 'user.requestExpressLink' })}
            >
              <Msg id="account.requestExpressLink" />
            </button>
          )}
        </div>
      )}
    </section>
  );
}
