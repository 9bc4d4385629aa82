import { shallowEqual } from '@xstate/react';
import { Msg } from '../../i18n/Msg.tsx';
import { selectRequestedPermissions } from '../../machines/consentSelectors.ts';
import { selectAppName, selectBusy, selectFieldError } from '../../machines/selectors.ts';
import { SignInActor } from '../SignInActor.ts';
import { UiMessageText } from '../UiMessageText.tsx';
import { useBrand } from '../useBrand.ts';
import * as pages from './pages.css.ts';
import { BusyButton } from './SubmitButton.tsx';
import { scopeMessageId } from './scopeMessages.ts';
import * as styles from './screens.css.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

/** /consent: the partner app asks for access (spec §4 approve, reject, cancel). */
export function ConsentScreen() {
  const actor = SignInActor.useActorRef();
  const appName = SignInActor.useSelector(selectAppName) ?? '';
  const permissions = SignInActor.useSelector(selectRequestedPermissions, shallowEqual);
  const brandName = useBrand().displayName;
  const fieldError = SignInActor.useSelector(selectFieldError);
  const busy = SignInActor.useSelector(selectBusy);
  useDocumentTitle('consent.title', { appName, brandName });

  return (
    <section className={styles.screen} aria-labelledby="consent-title" data-screen="consent">
      <h1 id="consent-title" className={styles.title}>
        <Msg id="consent.title" values={{ appName, brandName }} />
      </h1>
      {permissions.length > 0 && (
        <>
          <p className={styles.subtitle}>
            <Msg id="consent.intro" values={{ appName }} />
          </p>
          <ul className={pages.permissions}>
            {permissions.map((permission) => {
              const messageId = scopeMessageId(permission.id);
              return <li key={permission.id}>{messageId ? <Msg id={messageId} /> : permission.name}</li>;
            })}
          </ul>
        </>
      )}
      <div role="alert">
        {fieldError && (
          <p className={pages.notice}>
            <UiMessageText message={fieldError} />
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <BusyButton
          className={styles.primaryButton}
          busy={busy}
          onClick={() => actor.send({ type: 'user.approve' })}
        >
          <Msg id="consent.approve" />
        </BusyButton>
        <BusyButton
          className={styles.secondaryButton}
          busy={busy}
          onClick={() => actor.send({ type: 'user.reject' })}
        >
          <Msg id="consent.reject" />
        </BusyButton>
        <BusyButton
          className={styles.linkButton}
          busy={busy}
          onClick={() => actor.send({ type: 'user.cancel' })}
        >
          <Msg id="consent.cancel" />
        </BusyButton>
      </div>
    </section>
  );
}
