import { selectPasskeysUsable } from '../../machines/selectors.ts';
import type { SignInEvent } from '../../machines/signIn.setup.ts';
import { SignInActor } from '../SignInActor.ts';

type PasskeyEvent = Extract<SignInEvent, { type: 'user.signInWithPasskey' }>;

/**
 * Whether a passkey control shows: the machine takes its event now (the brand and the browser allow
 * passkeys). While a check runs (busy) the machine takes no event at all, so the control then stays,
 * disabled, where passkeys are usable, rather than vanishing and coming back.
 */
export const usePasskeyEvent = (event: PasskeyEvent) =>
  SignInActor.useSelector(
    (snapshot) => snapshot.can(event) || (snapshot.hasTag('busy') && selectPasskeysUsable(snapshot)),
  );
