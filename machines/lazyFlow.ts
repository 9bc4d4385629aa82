import type {
  ActorLogic,
  AnyActorScope,
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFrom,
  EventObject,
  InputFrom,
  OutputFrom,
  SnapshotFrom,
} from 'xstate';
import { loadOnce } from './loadOnce.ts';

/**
 * The snapshot of a lazily loaded flow: the loaded machine's own snapshot under `flow` (undefined while
 * its chunk loads), and the machine's status and output mirrored so the invoking state's onDone and
 * onError work as for any child.
 */
export type LazyFlowSnapshot<TMachine extends AnyStateMachine> = {
  readonly flow: SnapshotFrom<TMachine> | undefined;
  /** Events that arrived before the chunk did; replayed, in order, as soon as it is in. */
  readonly pending: readonly EventObject[];
  readonly input: InputFrom<TMachine>;
} & (
  | { status: 'active'; output: undefined; error: undefined }
  | { status: 'done'; output: OutputFrom<TMachine>; error: undefined }
  | { status: 'error'; output: undefined; error: unknown }
  | { status: 'stopped'; output: undefined; error: undefined }
);

const LOADED = 'xstate.lazyFlow.loaded';
const FAILED = 'xstate.lazyFlow.failed';
type LoadEvent = { type: typeof LOADED } | { type: typeof FAILED; error: unknown };

export type LazyFlowLogic<TMachine extends AnyStateMachine> = ActorLogic<
  LazyFlowSnapshot<TMachine>,
  EventFrom<TMachine>,
  InputFrom<TMachine>
>;

/**
 * Actor logic for a part of the one statechart that lives in its own chunk (docs/architecture.md,
 * "What the first screen loads"). The parent invokes it like any child machine, by name from setup();
 * the machine's code, its guards, actions, actors, API contracts and messages download only when a
 * state that invokes it is entered (or when the idle prefetch calls `preload`). Until then events are
 * kept and replayed, so nothing the user does is lost; a failed load ends the child with an error,
 * which the parent handles with onError like any failed actor.
 */
export function lazyFlow<TMachine extends AnyStateMachine>(
  load: () => Promise<TMachine>,
): LazyFlowLogic<TMachine> & { preload: () => Promise<TMachine> } {
  const chunk = loadOnce(load);
  const preload = chunk.load;

  const wrap = (flow: SnapshotFrom<TMachine>, previous: LazyFlowSnapshot<TMachine>) => {
    const { status, output, error } = flow as AnyMachineSnapshot;
    return { flow, pending: [], input: previous.input, status, output, error } as LazyFlowSnapshot<TMachine>;
  };

  const start = (snapshot: LazyFlowSnapshot<TMachine>, machine: TMachine, scope: AnyActorScope) => {
    let flow = machine.getInitialSnapshot(scope, snapshot.input) as SnapshotFrom<TMachine>;
    for (const event of snapshot.pending)
      flow = machine.transition(flow, event, scope) as SnapshotFrom<TMachine>;
    // The machine's own start hook starts the children its first states invoked.
    scope.defer(() => machine.start?.(flow));
    return wrap(flow, snapshot);
  };

  return {
    preload,
    getInitialSnapshot: (_scope, input) => ({
      flow: undefined,
      pending: [],
      input,
      status: 'active',
      output: undefined,
      error: undefined,
    }),
    start: (snapshot, scope) => {
      if (snapshot.flow) return;
      preload().then(
        () => scope.self.send({ type: LOADED } as unknown as EventFrom<TMachine>),
        (error: unknown) => scope.self.send({ type: FAILED, error } as unknown as EventFrom<TMachine>),
      );
    },
    transition: (snapshot, event, scope) => {
      if (snapshot.status !== 'active') return snapshot;
      const loadEvent = event as unknown as LoadEvent;
      if (loadEvent.type === FAILED)
        return { ...snapshot, status: 'error', output: undefined, error: loadEvent.error };
      const machine = chunk.loaded();
      if (loadEvent.type === LOADED)
        return snapshot.flow || !machine ? snapshot : start(snapshot, machine, scope);
      if (!snapshot.flow || !machine) return { ...snapshot, pending: [...snapshot.pending, event] };
      return wrap(
        machine.transition(snapshot.flow, event, scope as AnyActorScope) as SnapshotFrom<TMachine>,
        snapshot,
      );
    },
    getPersistedSnapshot: (snapshot) => snapshot,
  };
}
