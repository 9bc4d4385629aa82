import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { allStateIds, allTransitions, keyOf, replay } from './coverage.ts';
import { modelEvents, startupCases } from './events.ts';
import { modelInputs, serializeModelState } from './model.ts';
import { passkeyModelEvents } from './passkeyEvents.ts';
import { createModelMachine } from './projection.ts';

// Generating and walking the graph is the work here, not a measure of speed: give it room under load.
const GENERATION_TIMEOUT_MS = 300_000;

describe('sign-in statechart: generated paths', () => {
  const machine = createModelMachine();
  const takenTransitions = new Set<string>();
  const visitedStates = new Set<string>();
  // Passkeys are walked from a fresh tab and from a browser that remembers an account (the picker).
  const passkeyInputs = modelInputs.filter(
    (input) => input.hash === '' && Object.keys(input.stored).length === 0,
  );
  const models = [
    ...modelInputs.map((input) => ({ input, events: modelEvents() })),
    ...passkeyInputs.map((input) => ({ input, events: passkeyModelEvents(startupCases) })),
  ].map(({ input, events }) => ({
    input,
    model: createTestModel(machine, {
      input,
      events: events as never,
      serializeState: serializeModelState as never,
    }),
  }));
  const paths = models.flatMap(({ input, model }) =>
    model.getShortestPaths().map((path) => ({ input, path })),
  );

  it('generates paths from every start-up input', () => {
    expect(paths.length).toBeGreaterThan(100);
  });

  it(
    'replays the path to every model state and lands where the model predicts',
    () => {
      for (const { input, path } of paths) {
        const result = replay(
          machine,
          input,
          path.steps.map((step) => step.event),
        );
        expect(result.snapshot.value, path.description).toEqual(path.state.value);
        for (const key of result.transitions) takenTransitions.add(key);
        for (const id of result.states) visitedStates.add(id);
      }
    },
    GENERATION_TIMEOUT_MS,
  );

  it(
    'tries every event case from every model state',
    () => {
      // The adjacency map holds, for each state, what every event case does; each one's transitions count.
      for (const { model } of models) {
        const adjacency = model.getAdjacencyMap() as unknown as Record<
          string,
          { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject }> }
        >;
        for (const { state, transitions } of Object.values(adjacency)) {
          for (const { event } of Object.values(transitions)) {
            for (const transition of machine.getTransitionData(state as never, event))
              takenTransitions.add(keyOf(transition));
          }
        }
      }
      expect(takenTransitions.size).toBeGreaterThan(0);
    },
    GENERATION_TIMEOUT_MS,
  );

  it('reaches every state of the statechart', () => {
    const missing = [...allStateIds(machine)].filter((id) => !visitedStates.has(id));
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('takes every transition of the statechart', () => {
    expect(allTransitions(machine).size).toBeGreaterThan(50);
    const missing = [...allTransitions(machine)].filter((key) => !takenTransitions.has(key));
    expect(missing, missing.join('\n')).toEqual([]);
  });
});
