import { useSelector } from '@xstate/react';
import { activeFlowRefOf, flowSnapshotOf, type RoutedSnapshot } from '../machines/routes.ts';
import { SignInActor } from './SignInActor.ts';

/**
 * Selects from the flow the sign-in machine runs as a chunk of its own (two-factor, …). Its changes
 * do not change the sign-in snapshot, so views that must follow it subscribe to it here.
 */
export function useActiveFlow<T>(selector: (flow: RoutedSnapshot | undefined) => T): T {
  const ref = SignInActor.useSelector(activeFlowRefOf);
  return useSelector(ref, (snapshot) => selector(flowSnapshotOf(snapshot)));
}

/** Whether the running flow's active state has a tag ('busy', …); false without a flow. */
export const hasFlowTag = (flow: RoutedSnapshot | undefined, tag: string) =>
  flow !== undefined && (flow.hasTag as (tag: string) => boolean)(tag);
