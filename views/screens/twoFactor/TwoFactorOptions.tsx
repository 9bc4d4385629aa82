import { useEffect, useRef } from 'react';
import type { ContactBy, ContactOption, DeliveryChannel } from '../../../api/contract/twoFactor.ts';
import { Msg } from '../../../i18n/Msg.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import { Ltr } from '../../Ltr.tsx';
import { UiMessageText } from '../../UiMessageText.tsx';
import { focusHeading } from '../focusHeading.ts';
import * as styles from '../screens.css.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { CancelSignIn } from './CancelSignIn.tsx';
import * as local from './twoFactor.css.ts';
import { useTwoFactor, useTwoFactorSend } from './useTwoFactor.ts';

const labels: Record<ContactBy, MessageId> = {
  Phone: 'twoFactor.options.call',
  Sms: 'twoFactor.options.text',
  Email: 'twoFactor.options.email',
  APP: 'twoFactor.options.authenticator',
};

const noContacts: readonly ContactOption[] = [];
const noChannels: readonly DeliveryChannel[] = [];

interface Option {
  contactBy: ContactBy;
  masked: string;
  unavailable: boolean;
}

/** /twoFactor/options: voice call, SMS, email (to masked contacts) and the authenticator, as the account has them. */
export function TwoFactorOptions() {
  const send = useTwoFactorSend();
  // Context values keep their identity until they change, so each selection re-renders only then.
  const contacts = useTwoFactor((flow) => flow?.context.contacts ?? noContacts);
  const unavailable = useTwoFactor((flow) => flow?.context.unavailable ?? noChannels);
  const hasAuthenticator = useTwoFactor((flow) => flow?.context.settings?.secondFactorType === 'TOTP');
  const options: Option[] = [
    ...(hasAuthenticator ? [{ contactBy: 'APP' as const, masked: '', unavailable: false }] : []),
    ...contacts.map((contact) => ({ ...contact, unavailable: unavailable.includes(contact.contactBy) })),
  ];
  const error = useTwoFactor((flow) => flow?.context.fieldError);
  const busy = useTwoFactor((flow) => flow?.hasTag('busy') === true);
  // Spec §8 321 steers to email: once calls are refused, the email option takes the focus.
  const steerToEmail = options.some((option) => option.contactBy === 'Phone' && option.unavailable);
  const emailButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (steerToEmail) emailButton.current?.focus();
  }, [steerToEmail]);
  useDocumentTitle('twoFactor.options.title');

  return (
    <section
      className={styles.screen}
      aria-labelledby="two-factor-options-title"
      data-screen="twoFactorOptions"
    >
      {/* Focusable from script: a chosen method hands it the focus while the buttons are disabled. */}
      <h1 id="two-factor-options-title" className={styles.title} tabIndex={-1}>
        <Msg id="twoFactor.options.title" />
      </h1>
      <p className={styles.subtitle}>
        <Msg id="twoFactor.options.intro" />
      </p>
      <p role="alert" className={styles.fieldError} id="two-factor-options-error">
        {error && <UiMessageText message={error} />}
      </p>
      <ul className={local.methods} aria-busy={busy}>
        {options.map((option) => (
          <li key={option.contactBy} className={local.method}>
            <button
              type="button"
              className={local.methodButton}
              disabled={busy || option.unavailable}
              ref={option.contactBy === 'Email' ? emailButton : undefined}
              aria-describedby={option.unavailable ? 'two-factor-options-error' : undefined}
              data-method={option.contactBy}
              onClick={(event) => {
                focusHeading(event.currentTarget);
                send({ type: 'user.chooseMethod', contactBy: option.contactBy });
              }}
            >
              <Msg id={labels[option.contactBy]} />
              {option.masked && (
                <span className={local.contact}>
                  <Ltr>{option.masked}</Ltr>
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      <CancelSignIn />
    </section>
  );
}
