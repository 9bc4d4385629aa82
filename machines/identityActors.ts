import { fromPromise } from 'xstate';
import { GOOGLE_POPUP, popupOutcomeOf } from './identity.ts';

export type PopupOutcome = 'signedIn' | 'cancelled' | 'blocked';
const CLOSED_POLL_MS = 500;

/**
 * Spec §2 external_popup: the identity provider in a 900 × 700 popup. Resolves when the popup's last
 * page reports the outcome (same origin only), when the user closes it, or at once when the browser
 * blocks it. Stopping the actor (the user left the state) closes the popup.
 */
export const watchIdentityPopup = fromPromise<PopupOutcome, { url: string }>(({ input, signal }) => {
  const left = Math.max(0, Math.round((globalThis.screen.width - GOOGLE_POPUP.width) / 2));
  const top = Math.max(0, Math.round((globalThis.screen.height - GOOGLE_POPUP.height) / 2));
  const popup = globalThis.open(
    input.url,
    'foyer-identity',
    `popup,width=${GOOGLE_POPUP.width},height=${GOOGLE_POPUP.height},left=${left},top=${top}`,
  );
  if (!popup) return Promise.resolve('blocked');
  return new Promise<PopupOutcome>((resolve) => {
    const finish = (outcome: PopupOutcome) => {
      globalThis.removeEventListener('message', onMessage);
      clearInterval(closedPoll);
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== popup) return;
      const outcome = popupOutcomeOf(event, globalThis.location.origin);
      if (outcome) finish(outcome);
    };
    globalThis.addEventListener('message', onMessage);
    // A popup closed without a message is a cancel; its message, if any, arrives before the close is seen.
    const closedPoll = setInterval(() => {
      if (popup.closed) finish('cancelled');
    }, CLOSED_POLL_MS);
    signal.addEventListener('abort', () => {
      finish('cancelled');
      popup.close();
    });
  });
});
