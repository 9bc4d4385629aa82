import { shallowEqual } from '@xstate/react';
import type { IdentityEntrance } from '../../api/contract/identity.ts';
import { Msg, useFormat } from '../../i18n/Msg.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { toUiMessage } from '../../machines/errors.ts';
import { ssoMessageFor } from '../../machines/errorsPages.ts';
import { selectMessageLookup } from '../../machines/selectors.ts';
import { Ltr } from '../Ltr.tsx';
import { SignInActor } from '../SignInActor.ts';
import { UiMessageView } from '../UiMessageText.tsx';
import { useBrand } from '../useBrand.ts';
import * as pages from './pages.css.ts';
import * as styles from './screens.css.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

const providerNames: Readonly<Record<IdentityEntrance, MessageId>> = {
  sso: 'ssoOutcome.provider.sso',
  google: 'ssoOutcome.provider.google',
  apple: 'ssoOutcome.provider.apple',
};

/**
 * Spec §2 /notification/{ssoType}(/{errorCode}) and /error/{ssoType}/SSO_EMAIL_MISMATCH/{ssoEmail}:
 * the identity provider came back without signing anyone in (docs/notices.md "SSO notices"). A notice
 * words its code in the catalogue's SSO scenario; the mismatch names both identities. Try again starts
 * the same entrance; the other button starts the sign-in afresh.
 */
export function SsoOutcomeScreen() {
  const actor = SignInActor.useActorRef();
  // The provider's return is the start-up address (machines/ssoRoutes.ts).
  const outcome = SignInActor.useSelector((snapshot) => {
    const route = snapshot.context.initialRoute;
    return route.name === 'ssoOutcome' ? route : undefined;
  });
  const enteredEmail = SignInActor.useSelector((snapshot) => snapshot.context.params?.login_hint);
  const lookup = SignInActor.useSelector(selectMessageLookup, shallowEqual);
  const brand = useBrand();
  const format = useFormat();
  const provider = format(providerNames[outcome?.ssoType ?? 'sso']);
  const ssoEmail = outcome?.email;
  const title = ssoEmail === undefined ? 'ssoOutcome.noticeTitle' : 'ssoOutcome.mismatchTitle';
  useDocumentTitle(title, { provider });

  return (
    <section
      className={styles.screen}
      aria-labelledby="sso-outcome-title"
      data-screen="ssoOutcome"
      data-code={ssoEmail === undefined ? (outcome?.code ?? 'EXPIRED') : 'SSO_EMAIL_MISMATCH'}
    >
      <h1 id="sso-outcome-title" className={styles.title}>
        <Msg id={title} values={{ provider }} />
      </h1>
      <p className={pages.notice} role="alert" data-testid="sso-outcome-message">
        {ssoEmail === undefined ? (
          <UiMessageView message={toUiMessage(ssoMessageFor(outcome?.code, lookup), lookup)} brand={brand} />
        ) : (
          <Msg
            id={enteredEmail ? 'ssoOutcome.mismatch' : 'ssoOutcome.mismatchNoHint'}
            values={{ provider, ssoEmail: <Ltr>{ssoEmail}</Ltr>, enteredEmail: <Ltr>{enteredEmail}</Ltr> }}
          />
        )}
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.primaryButton}
          onClick={() => actor.send({ type: 'user.tryAgain' })}
        >
          <Msg id="ssoOutcome.tryAgain" />
        </button>
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={() => actor.send({ type: 'user.restart' })}
        >
          <Msg id={ssoEmail === undefined ? 'errorPage.backToSignIn' : 'ssoOutcome.useAnotherAccount'} />
        </button>
      </div>
    </section>
  );
}
