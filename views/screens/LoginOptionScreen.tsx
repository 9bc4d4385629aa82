import { Msg } from '../../i18n/Msg.tsx';
import { selectBusy } from '../../machines/selectors.ts';
import { Ltr } from '../Ltr.tsx';
import { SignInActor } from '../SignInActor.ts';
import { BusyButton } from './SubmitButton.tsx';
import * as styles from './screens.css.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

/**
 * The login option page (spec §2 page family "login option", route /loginOption ours): an account that
 * can sign in more than one way chooses here (docs/notices.md "Login option"); each way is a button,
 * shown when login-info named it.
 */
export function LoginOptionScreen() {
  const actor = SignInActor.useActorRef();
  const options = SignInActor.useSelector((snapshot) => snapshot.context.loginOptions ?? []);
  const email = SignInActor.useSelector((snapshot) => snapshot.context.credential?.loginId ?? '');
  const busy = SignInActor.useSelector(selectBusy);
  useDocumentTitle('loginOption.title');

  return (
    <section className={styles.screen} aria-labelledby="login-option-title" data-screen="loginOption">
      <h1 id="login-option-title" className={styles.title}>
        <Msg id="loginOption.title" />
      </h1>
      <p className={styles.subtitle}>
        <Msg id="loginOption.subtitle" values={{ email: <Ltr>{email}</Ltr> }} />
      </p>
      <div className={styles.alternatives}>
        <BusyButton
          className={styles.primaryButton}
          busy={busy}
          onClick={() => actor.send({ type: 'user.choosePassword' })}
        >
          <Msg id="loginOption.password" />
        </BusyButton>
        {options.includes('sso') && (
          <BusyButton
            className={styles.secondaryButton}
            busy={busy}
            onClick={() => actor.send({ type: 'user.chooseSso' })}
          >
            <Msg id="loginOption.sso" />
          </BusyButton>
        )}
        {options.includes('emailLink') && (
          <BusyButton
            className={styles.secondaryButton}
            busy={busy}
            onClick={() => actor.send({ type: 'user.requestExpressLink' })}
          >
            <Msg id="loginOption.emailLink" />
          </BusyButton>
        )}
      </div>
      <button type="button" className={styles.linkButton} onClick={() => actor.send({ type: 'user.back' })}>
        <Msg id="loginOption.back" />
      </button>
    </section>
  );
}
