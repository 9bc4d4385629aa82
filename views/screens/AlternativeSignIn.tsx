import { shallowEqual } from '@xstate/react';
import { Msg } from '../../i18n/Msg.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import type { OfferedMethods } from '../../machines/identity.ts';
import { selectBusy, selectOfferedMethods } from '../../machines/selectors.ts';
import type { SignInEvent } from '../../machines/signIn.setup.ts';
import { SignInActor } from '../SignInActor.ts';
import appleMark from './marks/apple.svg';
import googleMark from './marks/google.svg';
import { BusyButton } from './SubmitButton.tsx';
import * as styles from './screens.css.ts';
import { usePasskeyEvent } from './usePasskeyEvent.ts';

type Method = {
  method: keyof OfferedMethods | 'passkey';
  label: MessageId;
  event: SignInEvent;
  mark?: string;
};

/**
 * A passkey first: where the brand and the browser allow one, it is the quickest way in. Google and
 * Apple show their marks, as their branding asks: each drawn on a white disc, so it stays visible on a
 * dark theme and under forced colours, which leave images as they are.
 */
const METHODS: readonly Method[] = [
  { method: 'passkey', label: 'credential.withPasskey', event: { type: 'user.signInWithPasskey' } },
  { method: 'sso', label: 'credential.withSso', event: { type: 'user.chooseSso' } },
  {
    method: 'google',
    label: 'credential.withGoogle',
    event: { type: 'user.chooseIdentityProvider', entrance: 'google' },
    mark: googleMark,
  },
  {
    method: 'apple',
    label: 'credential.withApple',
    event: { type: 'user.chooseIdentityProvider', entrance: 'apple' },
    mark: appleMark,
  },
];

/**
 * Spec §2/§6: single sign-on, Google and Apple under the credential form, as the brand and page allow;
 * ours (docs/passkeys.md): a passkey, where the brand and the browser allow it.
 */
export function AlternativeSignIn() {
  const actor = SignInActor.useActorRef();
  const offered = SignInActor.useSelector(selectOfferedMethods, shallowEqual);
  const busy = SignInActor.useSelector(selectBusy);
  const passkey = usePasskeyEvent({ type: 'user.signInWithPasskey' });
  const shown = METHODS.filter(({ method }) => (method === 'passkey' ? passkey : offered[method]));
  if (shown.length === 0) return null;
  return (
    <section
      className={styles.alternatives}
      aria-labelledby="alternatives-title"
      data-testid="alternative-sign-in"
    >
      <h2 id="alternatives-title" className={styles.divider}>
        <Msg id="credential.alternatives" />
      </h2>
      {shown.map(({ method, label, event, mark }) => (
        <BusyButton
          key={method}
          className={styles.secondaryButton}
          busy={busy}
          onClick={() => actor.send(event)}
        >
          {/* Decorative: the label names the provider. */}
          {mark && <img className={styles.providerMark} src={mark} alt="" width={20} height={20} />}
          <Msg id={label} />
        </BusyButton>
      ))}
    </section>
  );
}
