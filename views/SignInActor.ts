import { createActorContext } from '@xstate/react';
import { signInMachine } from '../machines/signIn.machine.ts';

/** The one sign-in actor, shared by every view. Views select from it and send events; nothing else. */
export const SignInActor = createActorContext(signInMachine);
