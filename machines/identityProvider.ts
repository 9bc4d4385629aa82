import type { IdentityEntrance, IdentityPopupOutcome } from '../api/contract/identity.ts';
import { identityPopupMessage } from '../api/contract/identity.ts';
import type { StartupParams } from '../api/contract/startup.ts';
import type { SignInContext } from './signIn.types.ts';

/**
 * Leaving for an identity provider (spec §7) and its popup (spec §2 external_popup), in the calls'
 * chunk (machines/signInCalls.ts) since the credential page only offers the choice: the first screen
 * keeps thin stand-ins under the same names (machines/actors.ts), which call these at once when the
 * chunk is in — always, once the first screen has fetched it — so the popup still opens in the click's
 * own task (issue 36).
 */

/** Spec §2: the Google popup's size. */
export const GOOGLE_POPUP = { width: 900, height: 700 } as const;

export interface IdentityDestination {
  /** Same-origin address of the server's start of the flow. */
  url: string;
  /** Spec §2 external_popup: Google opens in a popup of 900 by 700 pixels instead of this page. */
  popup: boolean;
}

/**
 * Spec §7: where an entrance starts. Navigations go to /mobile/loginDispatcher with
 * selected_entrance and the page's own parameters; SSO adds login_hint and denySSOIfEmailMismatch=1
 * (and rememberEmail=1 when asked), external_browser adds externalBrowser=true for a native host to
 * open it in the system browser; Google in a popup starts at /api/sso/google/startup.
 */
export function identityDestination(
  entrance: IdentityEntrance,
  search: string,
  params: Pick<StartupParams, 'ui_options' | 'external_browser'>,
  options: { loginHint?: string | undefined; rememberEmail?: boolean } = {},
): IdentityDestination {
  const query = new URLSearchParams(search);
  const popup = entrance === 'google' && params.ui_options.includes('external_popup');
  if (popup) {
    query.set('idType', 'google');
    query.set('ssoPopup', 'true');
    return { url: `/api/sso/google/startup?${query}`, popup };
  }
  query.set('selected_entrance', entrance);
  if (entrance === 'sso' && options.loginHint) {
    query.set('login_hint', options.loginHint);
    query.set('denySSOIfEmailMismatch', '1');
  }
  if (options.rememberEmail) query.set('rememberEmail', '1');
  if (params.external_browser) query.set('externalBrowser', 'true');
  return { url: `/mobile/loginDispatcher?${query}`, popup };
}

/** The outcome a message from the popup reports, if it is one of ours from our own origin. */
export function popupOutcomeOf(
  message: { origin: string; data: unknown },
  origin: string,
): IdentityPopupOutcome | undefined {
  if (message.origin !== origin) return undefined;
  return identityPopupMessage.safeParse(message.data).data?.outcome;
}

/** Spec §7: where the chosen alternative sign-in starts, from this page's own parameters. */
export function identityDestinationOf(context: SignInContext): IdentityDestination | undefined {
  if (!context.params || !context.identityEntrance) return undefined;
  const loginHint =
    context.identityEntrance === 'sso' && context.credential?.kind === 'email'
      ? context.credential.loginEmail
      : undefined;
  return identityDestination(context.identityEntrance, context.search, context.params, {
    loginHint,
    rememberEmail: context.rememberMe,
  });
}

/** Spec §7: the page leaves for the server's start of the chosen entrance's flow. */
export function leaveForIdentityProvider(context: SignInContext): void {
  const destination = identityDestinationOf(context);
  if (destination) globalThis.location.assign(destination.url);
}

export type PopupOutcome = 'signedIn' | 'cancelled' | 'blocked';
const CLOSED_POLL_MS = 500;

/**
 * Spec §2 external_popup: the identity provider in a 900 × 700 popup. Resolves when the popup's last
 * page reports the outcome (same origin only), when the user closes it, or at once when the browser
 * blocks it. Stopping the actor (the user left the state) closes the popup. Google is the entrance
 * chosen before the state that watches starts, so there is always a destination.
 */
export function watchIdentityPopup(context: SignInContext, signal: AbortSignal): Promise<PopupOutcome> {
  const url = identityDestinationOf(context)?.url;
  if (url === undefined) return Promise.resolve('cancelled');
  const left = Math.max(0, Math.round((globalThis.screen.width - GOOGLE_POPUP.width) / 2));
  const top = Math.max(0, Math.round((globalThis.screen.height - GOOGLE_POPUP.height) / 2));
  const popup = globalThis.open(
    url,
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
}
