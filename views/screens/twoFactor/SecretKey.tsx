import { Msg } from '../../../i18n/Msg.tsx';
import { BusyButton } from '../SubmitButton.tsx';
import * as styles from '../screens.css.ts';
import * as local from './twoFactor.css.ts';
import { useTwoFactor, useTwoFactorSend } from './useTwoFactor.ts';

/** Groups of four characters, the way people read a key aloud or type it from the screen. */
export const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The secret key for typing into an app, with a copy button whose outcome is announced. */
export function SecretKey({ secret }: { secret: string }) {
  const send = useTwoFactorSend();
  const notice = useTwoFactor((flow) => flow?.context.notice);
  const copying = useTwoFactor((flow) => flow?.matches({ settingUp: 'copyingSecret' }) === true);
  return (
    <div className={local.secret}>
      <p className={styles.subtitle}>
        <Msg id="twoFactor.setup.manualKey" />
      </p>
      <code className={local.secretKey} data-testid="totp-secret" dir="ltr">
        {groupedSecret(secret)}
      </code>
      <BusyButton
        className={styles.secondaryButton}
        busy={copying}
        onClick={() => send({ type: 'user.copySecret' })}
      >
        <Msg id="twoFactor.setup.copy" />
      </BusyButton>
      <span aria-live="polite" className={local.copyNotice}>
        {notice === 'secretCopied' && <Msg id="twoFactor.setup.copied" />}
        {notice === 'copyFailed' && <Msg id="twoFactor.setup.copyFailed" />}
      </span>
    </div>
  );
}
