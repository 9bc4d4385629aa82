import { fromPromise } from 'xstate';
import { isSafeUrl } from '../api/url.ts';

/** Spec §9: the device fingerprint is polled every 200 ms for at most 5000 ms. */
export const FINGERPRINT_POLL_MS = 200;
export const FINGERPRINT_WAIT_MS = 5000;
/** The page element the loader script fills in (the vendor's convention). */
export const FINGERPRINT_FIELD_ID = 'ioBlackBox';

/**
 * Adds the brand's loader script once. Only same-origin http(s) URLs are used: the CSP would refuse
 * any other, and a brand config must not be able to point the page at script elsewhere.
 */
export function loadFingerprintScript(
  scriptUrl: string | undefined,
  document = globalThis.document,
): boolean {
  if (!scriptUrl || !document || !isSafeUrl(scriptUrl)) return false;
  let url: URL;
  try {
    url = new URL(scriptUrl, document.baseURI);
  } catch {
    return false;
  }
  if (url.origin !== new URL(document.baseURI).origin) return false;
  if (document.querySelector('script[data-fingerprint-loader]')) return true;
  const script = document.createElement('script');
  script.src = url.href;
  script.async = true;
  script.dataset.fingerprintLoader = '';
  document.head.append(script);
  return true;
}

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

/** The machine's actor: make sure the loader runs, then wait for its value. */
export const collectFingerprint = fromPromise(
  async ({ input }: { input: { scriptUrl: string | undefined } }) =>
    loadFingerprintScript(input.scriptUrl) ? readFingerprint() : undefined,
);
