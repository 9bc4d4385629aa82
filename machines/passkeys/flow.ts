import { lazyFlow } from '../lazyFlow.ts';
import type { passkeysMachine } from './passkeys.machine.ts';

/**
 * The passkeys flow as the sign-in machine invokes it: a chunk of its own (with @simplewebauthn/browser),
 * fetched when a password sign-in may be offered a passkey or the picker's Passkeys link is used.
 */
export const offerPasskeys = lazyFlow<typeof passkeysMachine>(() =>
  import('./passkeys.machine.ts').then((loaded) => loaded.passkeysMachine),
);
