import { SECURITY_CODE_LENGTH } from '../../../api/contract/twoFactor.ts';
import type { UiMessage } from '../../../machines/errors.ts';
import { TextField } from '../TextField.tsx';

/**
 * The one field a security code goes in: digits on a phone's keypad, the browser's one-time-code
 * autofill (an SMS code offered above the keyboard), and paste with spaces or dashes (the machine
 * strips them).
 */
export function CodeField({ error, disabled }: { error: UiMessage | undefined; disabled: boolean }) {
  return (
    <TextField
      name="code"
      label="twoFactor.code.label"
      error={error}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
      maxLength={SECURITY_CODE_LENGTH + 10}
      disabled={disabled}
      autoFocus
    />
  );
}

/** The code and the trust-device choice from a submitted form. */
export function submittedCode(form: HTMLFormElement) {
  const data = new FormData(form);
  const code = data.get('code');
  return { code: typeof code === 'string' ? code : '', trustDevice: data.get('trustDevice') === 'on' };
}
