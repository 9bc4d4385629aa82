import { signInFlowsSetup } from '../flows.setup.ts';
import { effectiveLocale, messageLookupOf } from '../signIn.context.ts';
import { arriveAt, cancel, toCredential, toErrorPage, toPassword, toPicker } from './shared.ts';

/**
 * Spec §4 two-factor: the code request answered 306 or 224. The flow itself (dispatcher, options,
 * code entry, authenticator setup) is machines/twoFactor/, loaded as a chunk; this state runs it, hands
 * it the address, and continues the code request where it stopped once the second factor is done.
 */
export const verifying = signInFlowsSetup.createStateConfig({
  entry: [...arriveAt('twoFactorDispatcher'), { type: 'track', params: { name: 'twoFactorStart' } }],
  exit: 'forgetInitialRoute',
  tags: ['screen.twoFactor'],
  invoke: {
    id: 'twoFactor',
    src: 'verifySecondFactor',
    input: ({ context }) => ({
      clientId: context.clientId,
      sessionId: context.sessionId,
      localeId: effectiveLocale(context),
      lookup: messageLookupOf(context),
      // A reload on a two-factor page resumes it; the address is used once (see exit).
      resumeRoute: context.initialRoute,
    }),
    onDone: [
      {
        guard: { type: 'isSessionExpiredOutcome', params: ({ event }) => event.output },
        target: '#signIn.sessionExpired',
      },
      { guard: 'hasConsentPending', target: '#signIn.authorising.loadingConsent' },
      { target: '#signIn.authorising.requestingCode' },
    ],
    // The flow's chunk did not load.
    onError: toErrorPage,
  },
  on: {
    'route.changed': [
      toCredential,
      toPassword,
      toPicker,
      { guard: 'isRouteToTwoFactor', actions: 'forwardToTwoFactor' },
    ],
    'user.cancel': cancel,
  },
});
