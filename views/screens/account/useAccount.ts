import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { accountMachine } from '../../../machines/account/account.machine.ts';
import type { AccountEvent } from '../../../machines/account/account.types.ts';
import type { manageAccount } from '../../../machines/account/flow.ts';
import { SignInActor } from '../../SignInActor.ts';

export type AccountSnapshot = SnapshotFrom<typeof accountMachine>;
type AccountRef = ActorRefFrom<typeof manageAccount>;

/** The running account flow (invoked as `account` by the sign-in machine's managingAccount state). */
function useAccountRef(): AccountRef | undefined {
  return SignInActor.useSelector((snapshot) => snapshot.children.account as AccountRef | undefined);
}

/**
 * Reads the account flow the way views read the sign-in machine: a selector over its snapshot
 * (undefined while its chunk loads), and a `send` for the flow's own events.
 */
export function useAccount<T>(
  selector: (flow: AccountSnapshot | undefined) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  const ref = useAccountRef();
  return useSelector(ref, (snapshot) => selector(snapshot?.flow as AccountSnapshot | undefined), compare);
}

export function useAccountSend(): (event: AccountEvent) => void {
  const ref = useAccountRef();
  return (event) => ref?.send(event);
}

/** A call is running: the page's buttons wait for it. */
export const useAccountBusy = () => useAccount((flow) => flow?.hasTag('busy') === true);

/** The page waits for what its form needs (the account's PIN rule, a link's facts). */
export const useAccountLoading = () => useAccount((flow) => flow?.hasTag('loading') === true);

/** The page's email has gone out: the confirm-email and activation pages show what follows it. */
export const useMailSent = () => useAccount((flow) => flow?.hasTag('mailSent') === true);
