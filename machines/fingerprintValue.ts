import { loadFingerprintScript } from './fingerprint.ts';

// The part of the device fingerprint that runs once the credential is sent: in the chunk of the calls
// made after the first screen (machines/signInCalls.ts); the credential page only adds the loader.

/** Spec §9: the device fingerprint is polled every 200 ms for at most 5000 ms. */
export const FINGERPRINT_POLL_MS = 200;
export const FINGERPRINT_WAIT_MS = 5000;
/** The page element the loader script fills in (the vendor's convention). */
export const FINGERPRINT_FIELD_ID = 'ioBlackBox';

/** The fingerprint once the loader has written it, or undefined after the wait: sign-in goes on without it. */
export function readFingerprint(
  document = globalThis.document,
  { pollMs = FINGERPRINT_POLL_MS, waitMs = FINGERPRINT_WAIT_MS } = {},
): Promise<string | undefined> {
  const read = () => {
    const field = document?.getElementById(FINGERPRINT_FIELD_ID);
    const value = field instanceof HTMLInputElement ? field.value.trim() : '';
    return value.length > 0 && value.length <= 4096 ? value : undefined;
  };
  return new Promise((resolve) => {
    const started = Date.now();
    const poll = () => {
      const value = read();
      if (value !== undefined || Date.now() - started >= waitMs) resolve(value);
      else setTimeout(poll, pollMs);
    };
    poll();
  });
}

/** The machine's actor `collectFingerprint` (machines/actors.ts): make sure the loader runs, then wait for its value. */
export const collectFingerprint = (input: { scriptUrl: string | undefined }) =>
  loadFingerprintScript(input.scriptUrl) ? readFingerprint() : Promise.resolve(undefined);
