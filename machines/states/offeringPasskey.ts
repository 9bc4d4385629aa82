import { signInPasskeysSetup } from '../passkeySignIn.setup.ts';
import type { PasskeysOutput } from '../passkeys/passkeys.types.ts';
import { joinFlow } from './joinFlow.ts';
import { flowOutcome, requireValue, toConsentOrCode } from './shared.ts';

const outcome = (name: PasskeysOutput['outcome']) => flowOutcome<PasskeysOutput>(name);
type Done = { event: { output?: PasskeysOutput } };

/**
 * Passkeys (docs/passkeys.md): after a password sign-in (and its second factor, where one is due) the
 * offer to create one, once; from the account picker, a signed-in account's passkeys. The flow
 * (machines/passkeys/) loads as a chunk with @simplewebauthn/browser. The offer never stands in the way:
 * whatever it ends with, the sign-in goes on to the consent page or the code request.
 */
export const offeringPasskey = signInPasskeysSetup.createStateConfig({
  ...joinFlow({
    id: 'passkeys',
    src: 'offerPasskeys',
    tag: 'screen.passkeys',
    input: (context) => ({ entry: requireValue(context.passkeysEntry, 'passkeysEntry') }),
    outcomes: [
      { guard: outcome('closed'), target: '#signIn.choosingAccount', actions: 'forgetSignedInAccounts' },
      {
        guard: outcome('afterSecondFactor'),
        target: '#signIn.offeringPasskey.continuing',
        actions: { type: 'assignPasskeyOffer', params: 'afterSecondFactor' },
      },
      {
        target: '#signIn.offeringPasskey.continuing',
        actions: [
          { type: 'assignPasskeyOffer', params: 'settled' },
          // A bare completion (as the model-test graph sends) carries no output.
          {
            type: 'rememberPasskey',
            params: ({ event }: Done) => ({
              created: event.output?.outcome === 'continued' && event.output.created,
            }),
          },
        ],
      },
    ],
  }),
  initial: 'running',
  states: {
    running: {},
    continuing: toConsentOrCode,
  },
});
