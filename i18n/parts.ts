/**
 * Messages travel in two parts per locale, so the first screen downloads only its own text: `first`
 * (the frame, the credential page, the start-up spinner) and `rest` (every other screen, and every
 * error message, which can only show after the user acted). The split is by id prefix, the way ids
 * are grouped by purpose; a test renders the credential page with the first part alone and fails on
 * any id it misses. A third part, `server`, holds what only the server says (emails, texts, calls and
 * its own pages): it never reaches the browser.
 */
export type MessagePart = 'first' | 'rest' | 'server';
export const BROWSER_PARTS = ['first', 'rest'] as const satisfies readonly MessagePart[];

const SERVER_PREFIXES = ['delivery.', 'unsupported.'];

const FIRST_PREFIXES = [
  'credential.',
  'footer.',
  'frame.',
  'loading.',
  'locale.',
  'redirecting.',
  'titleBar.',
  // What a lost connection shows on the credential page, links included: the rest part cannot
  // arrive then either.
  'errors.network',
  'errors.offline',
  'errors.links.',
];
const FIRST_IDS = new Set([
  // The phishing notice's opener; the dialog and its text load after the first screen.
  'phishing.open',
  // The Cancel button of every form, the credential form's included.
  'consent.cancel',
  // The generic message any failure falls back to (machines/errors.ts).
  'errors.internal',
]);

export function partOf(id: string): MessagePart {
  if (SERVER_PREFIXES.some((prefix) => id.startsWith(prefix))) return 'server';
  return FIRST_IDS.has(id) || FIRST_PREFIXES.some((prefix) => id.startsWith(prefix)) ? 'first' : 'rest';
}
