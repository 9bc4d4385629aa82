import { fromPromise } from 'xstate';
import { verifyUserCode as verifyUserCodeCall } from '../../api/roomEndpoints.ts';
import { apiClientFor } from '../apiClients.ts';

/** The room code, normalised by the page's own check (api/contract/device.ts), to the server. */
export const verifyUserCode = fromPromise(({ input }: { input: { clientId: string; userCode: string } }) =>
  verifyUserCodeCall(apiClientFor(input.clientId), { userCode: input.userCode }),
);

export const roomActors = { verifyUserCode };
