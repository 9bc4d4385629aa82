import { Msg } from '../../i18n/Msg.tsx';
import { pageMessageFor } from '../../machines/errors.ts';
import { selectScreen } from '../../machines/selectors.ts';
import { SignInActor } from '../SignInActor.ts';
import * as styles from './screens.css.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

/** /error/{code} and /warning/{code}: a page of its own for failures the user cannot fix in place. */
export function ErrorScreen() {
  const actor = SignInActor.useActorRef();
  const kind = SignInActor.useSelector(selectScreen) === 'warning' ? 'warning' : 'error';
  const failure = SignInActor.useSelector((snapshot) => snapshot.context.failure);
  const paramsIssue = SignInActor.useSelector((snapshot) => snapshot.context.paramsIssue);
  const code = failure?.code ?? 'INTERNAL';
  const titleId = kind === 'warning' ? 'warning.title' : 'errorPage.title';
  useDocumentTitle(titleId);

  return (
    <section className={styles.screen} aria-labelledby="error-title" data-screen={kind} data-code={code}>
      <h1 id="error-title" className={styles.title}>
        <Msg id={titleId} />
      </h1>
      <p className={styles.notice} role="alert" data-testid="error-message">
        <Msg id={pageMessageFor(code)} />
      </p>
      {failure?.rayId && (
        <p className={styles.detail}>
          <Msg id="errorPage.rayId" values={{ rayId: failure.rayId }} />
        </p>
      )}
      {code === 'INVALID_PARAMETERS' && paramsIssue && (
        <p className={styles.detail}>
          <Msg id="errorPage.details" values={{ details: paramsIssue }} />
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={() => actor.send({ type: 'user.restart' })}
        >
          <Msg id="errorPage.backToSignIn" />
        </button>
      </div>
    </section>
  );
}
