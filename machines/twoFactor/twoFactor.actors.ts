import { fromPromise } from 'xstate';
import type { ContactBy, DeliveryChannel } from '../../api/contract/twoFactor.ts';
import { createTwoFactorEndpoints, type TwoFactorEndpoints } from '../../api/twoFactorEndpoints.ts';
import { apiClientFor } from '../apiClients.ts';
import { withErrorMessages } from '../errors.ts';

const endpointsByClient = new Map<string, TwoFactorEndpoints>();
function twoFactorEndpointsFor(clientId: string): TwoFactorEndpoints {
  let endpoints = endpointsByClient.get(clientId);
  if (!endpoints) {
    endpoints = createTwoFactorEndpoints(apiClientFor(clientId));
    endpointsByClient.set(clientId, endpoints);
  }
  return endpoints;
}

interface SessionInput {
  clientId: string;
  sessionId: string | undefined;
}

/** The dispatcher's facts (spec §4): the account's settings and the contacts a code can go to. */
export const loadTwoFactorSettings = fromPromise(async ({ input }: { input: SessionInput }) =>
  withErrorMessages(async () => {
    const api = twoFactorEndpointsFor(input.clientId);
    const [settings, contacts] = await Promise.all([
      api.getMfaSettings({ sessionId: input.sessionId }),
      api.getContactInfo({ sessionId: input.sessionId }),
    ]);
    return { settings, contacts };
  }),
);

export const sendSecurityCode = fromPromise(
  async ({ input }: { input: SessionInput & { contactBy: DeliveryChannel; localeId: string } }) =>
    withErrorMessages(() =>
      twoFactorEndpointsFor(input.clientId).sendCode({
        sessionId: input.sessionId,
        contactBy: input.contactBy,
        localeId: input.localeId,
      }),
    ),
);

export const verifySecurityCode = fromPromise(
  async ({ input }: { input: SessionInput & { contactBy: ContactBy; code: string; trustDevice: boolean } }) =>
    withErrorMessages(() =>
      twoFactorEndpointsFor(input.clientId).verifyCode({
        sessionId: input.sessionId,
        contactBy: input.contactBy,
        code: input.code,
        trustDevice: input.trustDevice,
      }),
    ),
);

export const loadTotpEnrolment = fromPromise(async ({ input }: { input: SessionInput }) =>
  withErrorMessages(() =>
    twoFactorEndpointsFor(input.clientId).getTotpEnrolment({ sessionId: input.sessionId }),
  ),
);

export const verifyTotpEnrolment = fromPromise(
  async ({ input }: { input: SessionInput & { code: string; trustDevice: boolean } }) =>
    withErrorMessages(() =>
      twoFactorEndpointsFor(input.clientId).verifyTotpEnrolment({
        sessionId: input.sessionId,
        code: input.code,
        trustDevice: input.trustDevice,
      }),
    ),
);

/** The secret key to the clipboard; fails where the browser refuses (no permission, no secure context). */
export const copySecret = fromPromise(async ({ input }: { input: { secret: string } }) => {
  if (!globalThis.navigator?.clipboard) throw new Error('No clipboard in this browser');
  await globalThis.navigator.clipboard.writeText(input.secret);
});
