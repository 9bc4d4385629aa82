import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { AnyActorRef, EventObject } from 'xstate';
import { SignInActor } from './SignInActor.ts';

/** What pages read of a flow's snapshot: its types are the contract between the pages and the flow. */
interface FlowSnapshot {
  hasTag(tag: string): boolean;
}

/**
 * The hooks a page family reads its flow with: the flow the sign-in machine runs as a lazily loaded
 * child under `childId` (machines/lazyFlow.ts keeps the flow's machine under `flow`), read the way views
 * read the sign-in machine — a selector over its snapshot (undefined while its chunk loads), its snapshot
 * as it is now, a `send` for the flow's own events, and whether its active state has a tag.
 */
export function flowHooks<Snapshot extends FlowSnapshot, Event extends EventObject>(childId: string) {
  const useFlowRef = () =>
    SignInActor.useSelector(
      (snapshot) => (snapshot.children as Readonly<Record<string, AnyActorRef | undefined>>)[childId],
    );
  const flowOf = (snapshot: unknown) => (snapshot as { flow?: Snapshot } | undefined)?.flow;

  function useFlow<T>(selector: (flow: Snapshot | undefined) => T, compare?: (a: T, b: T) => boolean): T {
    const ref = useFlowRef();
    return useSelector(ref, (snapshot) => selector(flowOf(snapshot)), compare);
  }
  /** For a handler that must act on what an event it sent just did. */
  function useFlowNow(): () => Snapshot | undefined {
    const ref = useFlowRef();
    return useCallback(() => flowOf(ref?.getSnapshot()), [ref]);
  }
  function useFlowSend(): (event: Event) => void {
    const ref = useFlowRef();
    return useCallback((event: Event) => ref?.send(event), [ref]);
  }
  const useFlowTag = (tag: Parameters<Snapshot['hasTag']>[0]) =>
    useFlow((flow) => flow?.hasTag(tag) === true);
  return { useFlow, useFlowNow, useFlowSend, useFlowTag };
}
