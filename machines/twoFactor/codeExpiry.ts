import type { TwoFactorContext } from './twoFactor.types.ts';

/**
 * WCAG 2.2.1 (Timing Adjustable): how long before a sent code expires the page warns and offers a new
 * one. A minute leaves well over the 20 seconds the criterion asks for to press Send a new code. The
 * page's warning names it, so it lives apart from the flow's setup, which the page does not load.
 */
export const CODE_EXPIRY_WARNING_SECONDS = 60;

/** The longest timer a browser keeps: a longer delay would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Milliseconds until the code last sent expires (less `aheadSeconds`), by the clock it was sent by, so
 * a code entry left and returned to (back, forward) counts from the send, not from the return.
 */
export function untilCodeExpiry(context: TwoFactorContext, aheadSeconds = 0): number {
  const expiresAt = (context.codeSentAt ?? 0) + (context.codeExpiresInSeconds ?? 0) * 1000;
  return Math.min(Math.max(expiresAt - aheadSeconds * 1000 - Date.now(), 0), MAX_TIMER_MS);
}
