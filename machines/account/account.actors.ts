import { fromPromise } from 'xstate';
import { type AccountEndpoints, createAccountEndpoints } from '../../api/accountEndpoints.ts';
import { apiClientFor } from '../apiClients.ts';
import { withErrorMessages } from '../errors.ts';

const endpointsByClient = new Map<string, AccountEndpoints>();
function accountEndpointsFor(clientId: string): AccountEndpoints {
  let endpoints = endpointsByClient.get(clientId);
  if (!endpoints) {
    endpoints = createAccountEndpoints(apiClientFor(clientId));
    endpointsByClient.set(clientId, endpoints);
  }
  return endpoints;
}

type Call = keyof AccountEndpoints;
type Input<C extends Call> = Parameters<AccountEndpoints[C]>[0] & { clientId: string };

/** One actor per account call (spec §7): the call's body is the actor's input, plus the client id. */
function accountCall<C extends Call>(call: C) {
  return fromPromise(({ input }: { input: Input<C> }) =>
    withErrorMessages(() => {
      const { clientId, ...body } = input;
      const run = accountEndpointsFor(clientId)[call] as (body: object) => ReturnType<AccountEndpoints[C]>;
      return run(body) as Promise<Awaited<ReturnType<AccountEndpoints[C]>>>;
    }),
  );
}

export const accountActors = {
  lookUpCredential: accountCall('lookupCredential'),
  sendRecoveryLink: accountCall('emailRecoveryLink'),
  sendExpressLink: accountCall('emailExpressLink'),
  sendActivationCode: accountCall('sendActivation'),
  resendConfirmation: accountCall('resendConfirmation'),
  loadResetInfo: accountCall('resetPasswordInfo'),
  resetPassword: accountCall('resetPassword'),
  signInWithExpressLink: accountCall('loginWithExpressLink'),
  changePassword: accountCall('changePassword'),
  changeLegacyPassword: accountCall('changeLegacyPassword'),
  activateAccount: accountCall('inAppActivation'),
  signInWithActivationCode: accountCall('loginWithActivationCode'),
  confirmEmail: accountCall('confirmEmail'),
};
