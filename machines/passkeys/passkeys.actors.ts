import { fromPromise } from 'xstate';
import { withErrorMessages } from '../errors.ts';
import { createPasskey, passkeysEndpointsFor } from './ceremonies.ts';

interface CallInput {
  clientId: string;
  sessionId: string | undefined;
}

/** The account's passkeys, whether the brand allows them, and whether to offer one now. */
export const loadPasskeys = fromPromise(({ input }: { input: CallInput }) =>
  withErrorMessages(() => passkeysEndpointsFor(input.clientId).listPasskeys({ sessionId: input.sessionId })),
);

/** "Not now": not offered again for this account on this device for 30 days. */
export const dismissOffer = fromPromise(({ input }: { input: CallInput }) =>
  passkeysEndpointsFor(input.clientId).dismissOffer({ sessionId: input.sessionId }),
);

/** The browser's creation ceremony and its registration. */
export const registerPasskey = fromPromise(({ input }: { input: CallInput }) => createPasskey(input));

export const removePasskey = fromPromise(({ input }: { input: CallInput & { passkeyId: string } }) =>
  withErrorMessages(() =>
    passkeysEndpointsFor(input.clientId).removePasskey({
      sessionId: input.sessionId,
      passkeyId: input.passkeyId,
    }),
  ),
);

export const passkeysActors = { loadPasskeys, dismissOffer, registerPasskey, removePasskey };
