import type { FormEvent } from 'react';
import { Msg, useFormat } from '../../../i18n/Msg.tsx';
import { UiMessageText } from '../../UiMessageText.tsx';
import * as styles from '../screens.css.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { CancelSignIn } from './CancelSignIn.tsx';
import { CodeField, submittedCode } from './CodeField.tsx';
import { QrCode } from './QrCode.tsx';
import { SecretKey } from './SecretKey.tsx';
import { TrustDevice } from './TrustDevice.tsx';
import * as local from './twoFactor.css.ts';
import { useTwoFactor, useTwoFactorSend } from './useTwoFactor.ts';

/** /twoFactor/setupAuthentication: scan or type the key, then prove the app works with its code. */
export function AuthenticatorSetup() {
  const send = useTwoFactorSend();
  const format = useFormat();
  const enrolment = useTwoFactor((flow) => flow?.context.enrolment);
  const error = useTwoFactor((flow) => flow?.context.fieldError);
  const step = useTwoFactor((flow) =>
    flow?.matches({ settingUp: 'enteringCode' }) || flow?.matches({ settingUp: 'verifying' })
      ? 'code'
      : flow?.matches({ settingUp: 'loadFailed' })
        ? 'failed'
        : 'secret',
  );
  const busy = useTwoFactor((flow) => flow?.hasTag('busy') === true);
  const canChooseAnother = useTwoFactor((flow) => flow?.can({ type: 'user.chooseAnotherMethod' }) === true);
  useDocumentTitle('twoFactor.setup.title');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'user.submitCode', ...submittedCode(event.currentTarget) });
  };

  return (
    <section className={styles.screen} aria-labelledby="totp-setup-title" data-screen="twoFactorSetup">
      <h1 id="totp-setup-title" className={styles.title}>
        <Msg id="twoFactor.setup.title" />
      </h1>
      {step === 'failed' && (
        <>
          <p role="alert" className={styles.fieldError}>
            {error && <UiMessageText message={error} />}
          </p>
          <button type="button" className={styles.primaryButton} onClick={() => send({ type: 'user.retry' })}>
            <Msg id="frame.retry" />
          </button>
        </>
      )}
      {step === 'secret' && enrolment && (
        <>
          <p className={styles.subtitle}>
            <Msg id="twoFactor.setup.scan" />
          </p>
          <div className={local.qr}>
            <QrCode
              text={enrolment.otpauthUri}
              label={format('twoFactor.setup.qrLabel', {
                issuer: enrolment.issuer,
                account: enrolment.accountName,
              })}
            />
          </div>
          <SecretKey secret={enrolment.secret} />
          <button
            type="button"
            className={styles.primaryButton}
            onClick={() => send({ type: 'user.continueSetup' })}
          >
            <Msg id="twoFactor.setup.next" />
          </button>
        </>
      )}
      {step === 'code' && (
        <form className={styles.form} noValidate onSubmit={submit}>
          <p className={styles.subtitle}>
            <Msg id="twoFactor.setup.enterCode" />
          </p>
          <CodeField error={error} disabled={false} />
          <TrustDevice />
          <div className={styles.actions}>
            <button type="submit" className={styles.primaryButton} disabled={busy}>
              <Msg id="twoFactor.code.submit" />
            </button>
            <button
              type="button"
              className={styles.secondaryButton}
              onClick={() => send({ type: 'user.showSecret' })}
            >
              <Msg id="twoFactor.setup.back" />
            </button>
          </div>
        </form>
      )}
      {canChooseAnother && (
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => send({ type: 'user.chooseAnotherMethod' })}
        >
          <Msg id="twoFactor.chooseAnother" />
        </button>
      )}
      <CancelSignIn />
    </section>
  );
}
