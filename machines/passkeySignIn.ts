import { fromPromise } from 'xstate';
import { afterFirstScreen } from './firstScreen.ts';
import { loadOnce } from './loadOnce.ts';

/**
 * Signing in with a passkey from the credential page (docs/passkeys.md). The first screen holds only
 * these few lines; the ceremonies, @simplewebauthn/browser and the calls load as a chunk when the
 * page first needs them.
 */
const ceremonies = loadOnce(() => import('./passkeys/ceremonies.ts'));
/**
 * Autofill waits for the first screen to be drawn and the browser to be idle: its chunk never
 * competes with the first screen's.
 */
const idle = () =>
  afterFirstScreen.then(
    () =>
      new Promise<void>((resolve) =>
        (globalThis.requestIdleCallback ?? ((run) => setTimeout(run, 0)))(() => resolve()),
      ),
  );

export interface PasskeySignInInput {
  clientId: string;
  brandId: string;
  rememberMe: boolean;
  /** The brand and the browser allow passkeys; otherwise nothing starts. */
  enabled: boolean;
  /** The account picker's row: only that account's passkeys are asked for. */
  loginId?: string | undefined;
  /** Autofill's conditional request, which waits for the person to pick a passkey in the field. */
  autofill?: boolean;
}

/**
 * The browser's request (the button's, or autofill's as the credential page shows), then the server's
 * check: the login reply. Leaving the state cancels the request; autofill that cannot start (no
 * network yet, a browser without it) simply never answers, as it is a convenience.
 */
export const signInWithPasskey = fromPromise(
  ({ input, signal }: { input: PasskeySignInInput; signal: AbortSignal }) =>
    input.enabled
      ? (input.autofill ? idle() : Promise.resolve())
          .then(() => ceremonies.load())
          .then((loaded) => loaded.signInWithPasskey(input, signal))
      : new Promise<never>(() => {}),
);
