import type { FormEvent, ReactNode } from 'react';
import { SECURITY_CODE_LENGTH } from '../../../api/contract/twoFactor.ts';
import { Msg } from '../../../i18n/Msg.tsx';
import type { UiMessage } from '../../../machines/errors.ts';
import { SubmitButton } from '../SubmitButton.tsx';
import * as styles from '../screens.css.ts';
import { TextField } from '../TextField.tsx';
import { TrustDevice } from './TrustDevice.tsx';
import { useTwoFactor, useTwoFactorSend } from './useTwoFactor.ts';

/** The code and the trust-device choice from a submitted form. */
function submittedCode(form: HTMLFormElement) {
  const data = new FormData(form);
  const code = data.get('code');
  return { code: typeof code === 'string' ? code : '', trustDevice: data.get('trustDevice') === 'on' };
}

/**
 * The one form a security code goes in, sent or from an authenticator: digits on a phone's keypad,
 * the browser's one-time-code autofill (an SMS code offered above the keyboard), paste with spaces or
 * dashes (the machine strips them), the trust-device choice and Verify; `children` add buttons.
 */
export function CodeForm(props: {
  error: UiMessage | undefined;
  disabled: boolean;
  busy: boolean;
  children?: ReactNode;
}) {
  const send = useTwoFactorSend();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'user.submitCode', ...submittedCode(event.currentTarget) });
  };
  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      <TextField
        name="code"
        label="twoFactor.code.label"
        error={props.error}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        spellCheck={false}
        maxLength={SECURITY_CODE_LENGTH + 10}
        disabled={props.disabled}
        autoFocus
      />
      <TrustDevice />
      <div className={styles.actions}>
        <SubmitButton busy={props.busy} disabled={props.disabled}>
          <Msg id="twoFactor.code.submit" />
        </SubmitButton>
        {props.children}
      </div>
    </form>
  );
}

/** Back to the options, where the flow allows it (the account has other methods). */
export function ChooseAnotherMethod() {
  const send = useTwoFactorSend();
  const canChooseAnother = useTwoFactor((flow) => flow?.can({ type: 'user.chooseAnotherMethod' }) === true);
  if (!canChooseAnother) return null;
  return (
    <button
      type="button"
      className={styles.linkButton}
      onClick={() => send({ type: 'user.chooseAnotherMethod' })}
    >
      <Msg id="twoFactor.chooseAnother" />
    </button>
  );
}
