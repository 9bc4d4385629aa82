import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { allStateIds, allTransitions, replay } from './coverage.ts';
import { modelEvents } from './events.ts';
import { modelInputs, serializeModelState } from './model.ts';
import { createModelMachine } from './projection.ts';

describe('sign-in statechart: generated paths', () => {
  const machine = createModelMachine();
  const takenTransitions = new Set<string>();
  const visitedStates = new Set<string>();
  const paths = modelInputs.flatMap((input) =>
    createTestModel(machine, {
      events: modelEvents() as never,
      serializeState: serializeModelState as never,
      limit: 100_000,
    } as never)
      .getShortestPaths({ input } as never)
      .map((path) => ({ input, path })),
  );

  it('generates paths from every start-up input', () => {
    expect(paths.length).toBeGreaterThan(40);
  });

  it('replays every generated path to the state the model predicts', () => {
    for (const { input, path } of paths) {
      const events = path.steps.map((step) => step.event);
      const result = replay(machine, input, events);
      expect(result.snapshot.value, path.description).toEqual(path.state.value);
      for (const key of result.transitions) takenTransitions.add(key);
      for (const id of result.states) visitedStates.add(id);
    }
  });

  it('reaches every state of the statechart', () => {
    const missing = [...allStateIds(machine)].filter((id) => !visitedStates.has(id));
    expect(missing).toEqual([]);
  });

  it('takes every transition of the statechart', () => {
    expect(allTransitions(machine).size).toBeGreaterThan(50);
    const missing = [...allTransitions(machine)].filter((key) => !takenTransitions.has(key));
    expect(missing).toEqual([]);
  });
});
