import { shallowEqual } from '@xstate/react';
import { Msg } from '../../i18n/Msg.tsx';
import { selectBusy, selectOfferedMethods } from '../../machines/selectors.ts';
import { SignInActor } from '../SignInActor.ts';
import * as styles from './screens.css.ts';

/** Spec §2/§6: single sign-on, Google and Apple under the credential form, as the brand and page allow. */
export function AlternativeSignIn() {
  const actor = SignInActor.useActorRef();
  const offered = SignInActor.useSelector(selectOfferedMethods, shallowEqual);
  const busy = SignInActor.useSelector(selectBusy);
  if (!offered.sso && !offered.google && !offered.apple) return null;
  return (
    <section
      className={styles.alternatives}
      aria-labelledby="alternatives-title"
      data-testid="alternative-sign-in"
    >
      <h2 id="alternatives-title" className={styles.divider}>
        <Msg id="credential.alternatives" />
      </h2>
      {offered.sso && (
        <button
          type="button"
          className={styles.secondaryButton}
          disabled={busy}
          onClick={() => actor.send({ type: 'user.chooseSso' })}
        >
          <Msg id="credential.withSso" />
        </button>
      )}
      {offered.google && (
        <button
          type="button"
          className={styles.secondaryButton}
          disabled={busy}
          onClick={() => actor.send({ type: 'user.chooseIdentityProvider', entrance: 'google' })}
        >
          <Msg id="credential.withGoogle" />
        </button>
      )}
      {offered.apple && (
        <button
          type="button"
          className={styles.secondaryButton}
          disabled={busy}
          onClick={() => actor.send({ type: 'user.chooseIdentityProvider', entrance: 'apple' })}
        >
          <Msg id="credential.withApple" />
        </button>
      )}
    </section>
  );
}
