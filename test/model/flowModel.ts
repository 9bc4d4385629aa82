import { expect, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { allStateIds, allTransitions, keyOf, replay } from './coverage.ts';

/**
 * The model-based tests every lazily loaded flow gets (two-factor, account): from each input, the
 * shortest path to every model state is replayed on the flow and must land where the model says,
 * every event is tried from every state, and together they must reach every state and take every
 * transition of the flow. Call inside a describe().
 */
export function itWalksEveryStateAndTransition(
  machine: AnyStateMachine,
  inputs: readonly unknown[],
  events: readonly EventObject[],
  serialize: (snapshot: AnyMachineSnapshot) => string,
) {
  const taken = new Set<string>();
  const visited = new Set<string>();

  it('replays the path to every model state, and tries every event from every state', () => {
    for (const flowInput of inputs) {
      const model = createTestModel(machine, {
        input: flowInput,
        // A finished flow takes no more events (a live actor ignores them; the graph would not).
        events: ((state: AnyMachineSnapshot) => (state.status === 'done' ? [] : events)) as never,
        serializeState: serialize as never,
      });
      for (const path of model.getShortestPaths()) {
        const result = replay(
          machine,
          flowInput,
          path.steps.map((step) => step.event as EventObject),
        );
        expect(result.snapshot.value, path.description).toEqual(path.state.value);
        for (const key of result.transitions) taken.add(key);
        for (const id of result.states) visited.add(id);
      }
      const adjacency = model.getAdjacencyMap() as unknown as Record<
        string,
        { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject }> }
      >;
      for (const { state, transitions } of Object.values(adjacency))
        for (const { event } of Object.values(transitions))
          for (const transition of machine.getTransitionData(state as never, event))
            taken.add(keyOf(transition));
    }
  });

  it('reaches every state of the flow', () => {
    const missing = [...allStateIds(machine)].filter((id) => !visited.has(id));
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('takes every transition of the flow', () => {
    const missing = [...allTransitions(machine)].filter((key) => !taken.has(key));
    expect(missing, missing.join('\n')).toEqual([]);
  });
}
