import { signInPasskeysSetup } from '../passkeySignIn.setup.ts';
import { joinFlow } from './joinFlow.ts';
import { arriveAt } from './shared.ts';

/**
 * Spec §4 two-factor: the code request answered 306 or 224. The flow itself (dispatcher, options,
 * code entry, authenticator setup) is machines/twoFactor/, loaded as a chunk; this state runs it, hands
 * it the address, and continues the code request where it stopped once the second factor is done.
 */
export const verifying = signInPasskeysSetup.createStateConfig({
  ...joinFlow({
    id: 'twoFactor',
    src: 'verifySecondFactor',
    tag: 'screen.twoFactor',
    // A reload on a two-factor page resumes it; the address is used once (the exit forgets it).
    input: (context) => ({ resumeRoute: context.initialRoute }),
    outcomes: [
      // The server asked to offer a passkey once the second factor is given (docs/passkeys.md).
      {
        guard: 'isPasskeyOfferAfterSecondFactor',
        target: '#signIn.offeringPasskey',
        actions: { type: 'assignPasskeysEntry', params: { kind: 'offer' } },
      },
      { guard: 'hasConsentPending', target: '#signIn.authorising.loadingConsent' },
      { target: '#signIn.authorising.requestingCode' },
    ],
  }),
  entry: [...arriveAt('twoFactorDispatcher'), { type: 'track', params: { name: 'twoFactorStart' } }],
});
