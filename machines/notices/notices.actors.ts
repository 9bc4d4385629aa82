import { fromPromise } from 'xstate';
import { createNoticesEndpoints, type NoticesEndpoints } from '../../api/noticesEndpoints.ts';
import { apiClientFor } from '../apiClients.ts';
import { withErrorMessages } from '../errors.ts';

const endpointsByClient = new Map<string, NoticesEndpoints>();
function noticesEndpointsFor(clientId: string): NoticesEndpoints {
  let endpoints = endpointsByClient.get(clientId);
  if (!endpoints) {
    endpoints = createNoticesEndpoints(apiClientFor(clientId));
    endpointsByClient.set(clientId, endpoints);
  }
  return endpoints;
}

interface CallInput {
  clientId: string;
  sessionId: string | undefined;
  localeId: string;
}

/** The terms the signed-in account must accept now, in the page's locale. */
export const loadTerms = fromPromise(({ input }: { input: CallInput }) =>
  withErrorMessages(() =>
    noticesEndpointsFor(input.clientId).getTerms({ localeId: input.localeId, sessionId: input.sessionId }),
  ),
);

/** Records that the user accepted this version (731 when it is no longer the current one). */
export const acceptTerms = fromPromise(
  ({ input }: { input: Omit<CallInput, 'localeId'> & { version: string } }) =>
    withErrorMessages(() =>
      noticesEndpointsFor(input.clientId).acceptTerms({ version: input.version, sessionId: input.sessionId }),
    ),
);

/** The retired client's name and its replacement (no session needed: the client itself is retired). */
export const loadRetiredApp = fromPromise(({ input }: { input: Omit<CallInput, 'sessionId'> }) =>
  withErrorMessages(() => noticesEndpointsFor(input.clientId).getRetiredApp({ localeId: input.localeId })),
);

export const noticesActors = { loadTerms, acceptTerms, loadRetiredApp };
