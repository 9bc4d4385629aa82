import { Msg } from '../../i18n/Msg.tsx';
import { SignInActor } from '../SignInActor.ts';
import * as styles from './screens.css.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

/** The signed-out page (spec §2 "successful logout screen"), in the brand's frame. */
export function SignedOutScreen() {
  const actor = SignInActor.useActorRef();
  const canSignIn = SignInActor.useSelector((snapshot) => snapshot.can({ type: 'user.restart' }));
  useDocumentTitle('signedOut.title');

  return (
    <section className={styles.screen} aria-labelledby="signed-out-title" data-screen="signedOut">
      <h1 id="signed-out-title" className={styles.title}>
        <Msg id="signedOut.title" />
      </h1>
      <p className={styles.subtitle}>
        <Msg id={canSignIn ? 'signedOut.body' : 'signedOut.bodyNoApp'} />
      </p>
      {canSignIn && (
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.primaryButton}
            onClick={() => actor.send({ type: 'user.restart' })}
          >
            <Msg id="signedOut.signIn" />
          </button>
        </div>
      )}
    </section>
  );
}
