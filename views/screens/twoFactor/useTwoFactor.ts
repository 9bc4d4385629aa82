import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { verifySecondFactor } from '../../../machines/twoFactor/flow.ts';
import type { twoFactorMachine } from '../../../machines/twoFactor/twoFactor.machine.ts';
import type { TwoFactorEvent } from '../../../machines/twoFactor/twoFactor.types.ts';
import { SignInActor } from '../../SignInActor.ts';

export type TwoFactorSnapshot = SnapshotFrom<typeof twoFactorMachine>;
type TwoFactorRef = ActorRefFrom<typeof verifySecondFactor>;

/** The running two-factor flow (invoked as `twoFactor` by the sign-in machine's verifying state). */
function useTwoFactorRef(): TwoFactorRef | undefined {
  return SignInActor.useSelector((snapshot) => snapshot.children.twoFactor as TwoFactorRef | undefined);
}

/**
 * Reads the two-factor flow the way views read the sign-in machine: a selector over its snapshot
 * (undefined while its chunk loads), and a `send` for the flow's own events.
 */
export function useTwoFactor<T>(
  selector: (flow: TwoFactorSnapshot | undefined) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  const ref = useTwoFactorRef();
  return useSelector(ref, (snapshot) => selector(snapshot?.flow as TwoFactorSnapshot | undefined), compare);
}

export function useTwoFactorSend(): (event: TwoFactorEvent) => void {
  const ref = useTwoFactorRef();
  return (event) => ref?.send(event);
}
