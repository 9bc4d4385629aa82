import { isSafeUrl } from '../api/url.ts';

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
