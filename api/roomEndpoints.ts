import type { ApiClient } from './client.ts';
import { type VerifiedUserCode, verifyUserCodeReply } from './contract/device.ts';

/**
 * POST /api/device/verify (docs/room-activation.md): the room's user code, normalised, → the room
 * app's name and the same-origin authorize URL its sign-in starts at. A file of its own so the call
 * and its reply schema load with the room flow's chunk, not with the first screen.
 */
export const verifyUserCode = (api: ApiClient, body: { userCode: string }): Promise<VerifiedUserCode> =>
  api.post('/api/device/verify', body, verifyUserCodeReply).then((reply) => reply.data);
