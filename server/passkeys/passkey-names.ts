import { PASSKEY_NAME_MAX } from '../db/schema.passkeys.ts';

/** What a passkey is called when nothing better is known. */
export const DEFAULT_PASSKEY_NAME = 'Passkey';

// Most specific first: Edge and Opera say "Chrome" too, Chrome says "Safari", and iPhones say "Mac OS X".
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|OPT)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (table: readonly [RegExp, string][], text: string) =>
  table.find(([pattern]) => pattern.test(text))?.[1];

/**
 * A name for a new passkey the user did not name: the browser and system it was made on ("Chrome on
 * Linux", "Safari on iPhone"), read from the User-Agent, which is all the server knows of the device
 * (the AAGUID would need a table of authenticator names). Either half alone if only one is known;
 * "Passkey" if neither.
 */
export function passkeyNameFor(userAgent: string | undefined): string {
  const text = (userAgent ?? '').slice(0, 512);
  const browser = firstMatch(BROWSERS, text);
  const system = firstMatch(SYSTEMS, text);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? DEFAULT_PASSKEY_NAME;
}

/** The user's own name, trimmed, else the derived one; never longer than the column allows. */
export const passkeyNameOf = (given: string | undefined, userAgent: string | undefined) =>
  (given?.trim() || passkeyNameFor(userAgent)).slice(0, PASSKEY_NAME_MAX);
