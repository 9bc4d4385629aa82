import { useSelector } from '@xstate/react';
import { useState } from 'react';
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

/**
 * What a page showed when the flow last waited for the user. A call keeps its page's tag, so while it
 * runs (busy) the page stays as it was instead of flipping to what a half-updated context suggests:
 * a form being saved stays on screen, a sent page being re-sent stays a sent page.
 */
export function useSettled<T>(value: T, busy: boolean, initial: T): T {
  const [settled, setSettled] = useState(initial);
  // React's "information from previous renders" pattern: a state update during render, no effect.
  if (!busy && !Object.is(settled, value)) setSettled(value);
  return busy ? settled : value;
}

/**
 * Whether the page's email has gone out (the flow then takes Resend): the confirm-email and activation
 * pages turn from the request into what follows it, and stay so while a send or a submit runs.
 */
export function useMailSent(): boolean {
  const busy = useAccountBusy();
  const canResend = useAccount((flow) => flow?.can({ type: 'user.resend' }) === true);
  return useSettled(canResend, busy, false);
}
