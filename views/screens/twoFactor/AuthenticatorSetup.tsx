import { Msg, useFormat } from '../../../i18n/Msg.tsx';
import { focusHeading } from '../focusHeading.ts';
import * as styles from '../screens.css.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { CancelSignIn } from './CancelSignIn.tsx';
import { ChooseAnotherMethod, CodeForm } from './CodeForm.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { QrCode } from './QrCode.tsx';
import { SecretKey } from './SecretKey.tsx';
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
  useDocumentTitle('twoFactor.setup.title');

  return (
    <section className={styles.screen} aria-labelledby="totp-setup-title" data-screen="twoFactorSetup">
      {/* Focusable from script: Next and Back hand it the focus as their step goes. */}
      <h1 id="totp-setup-title" className={styles.title} tabIndex={-1}>
        <Msg id="twoFactor.setup.title" />
      </h1>
      {step === 'failed' && <LoadFailed />}
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
            onClick={(event) => {
              // The code step's field takes it from the heading as it mounts (autoFocus).
              focusHeading(event.currentTarget);
              send({ type: 'user.continueSetup' });
            }}
          >
            <Msg id="twoFactor.setup.next" />
          </button>
        </>
      )}
      {step === 'code' && (
        <>
          <p className={styles.subtitle}>
            <Msg id="twoFactor.setup.enterCode" />
          </p>
          <CodeForm error={error} disabled={false} busy={busy}>
            <button
              type="button"
              className={styles.secondaryButton}
              onClick={(event) => {
                focusHeading(event.currentTarget);
                send({ type: 'user.showSecret' });
              }}
            >
              <Msg id="twoFactor.setup.back" />
            </button>
          </CodeForm>
        </>
      )}
      <ChooseAnotherMethod />
      <CancelSignIn />
    </section>
  );
}
