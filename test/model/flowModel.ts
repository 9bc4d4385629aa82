import { expect, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { machineCoverage, replay, unitCoverageLine } from './coverage.ts';
import { type AnyTestModel, exploreModel, type Selection, selectPaths } from './pathCover.ts';

/**
 * The model-based tests every lazily loaded flow gets (two-factor, account): from each input, a set of
 * paths covering every state, transition and event case the model reaches (`pathCover.ts`) is replayed
 * on the flow and must land where the model says after every step, and together they must reach every
 * state and take every transition of the flow. Call inside a describe().
 */
export function itWalksEveryStateAndTransition(
  machine: AnyStateMachine,
  inputs: readonly unknown[],
  events: readonly EventObject[],
  serialize: (snapshot: AnyMachineSnapshot) => string,
) {
  const covered = new Set<string>();
  const totals = { replayed: 0, generated: 0, edgePaths: 0 };

  it('replays paths covering every state, transition and event case the model reaches from each input', () => {
    for (const [index, flowInput] of inputs.entries()) {
      const model = createTestModel(machine, {
        input: flowInput,
        // A finished flow takes no more events (a live actor ignores them; the graph would not), not
        // even the bare ones the model adds for each event type: a flow's own root handlers (the chosen
        // locale) would still take them.
        events: ((state: AnyMachineSnapshot) => (state.status === 'done' ? [] : events)) as never,
        filterEvents: ((state: AnyMachineSnapshot) => state.status !== 'done') as never,
        serializeState: serialize as never,
      });
      const result = replayCover(machine, model, flowInput, `${machine.id} flow, input ${index}`);
      expect(result.missing, result.missing.join('\n')).toEqual([]);
      for (const unit of result.covered) covered.add(unit);
      totals.replayed += result.replayed;
      totals.generated += result.selection.generated;
      totals.edgePaths += result.selection.edgePaths;
    }
    console.log(
      `${machine.id} flow, ${inputs.length} inputs: ${machineCoverage(machine, covered).line}, ${replayedLine(totals.replayed, totals)}`,
    );
  });

  it('reaches every state of the flow', () => {
    const { missingStates } = machineCoverage(machine, covered);
    expect(missingStates, missingStates.join('\n')).toEqual([]);
  });

  it('takes every transition of the flow', () => {
    const { missingTransitions } = machineCoverage(machine, covered);
    expect(missingTransitions, missingTransitions.join('\n')).toEqual([]);
  });
}

/** `paths replayed N of M generated`, and what the M are. */
export const replayedLine = (
  replayed: number,
  { generated, edgePaths }: Pick<Selection, 'generated' | 'edgePaths'>,
) =>
  edgePaths === 0
    ? `paths replayed ${replayed} of ${generated} generated`
    : `paths replayed ${replayed} of ${generated + edgePaths} generated (${generated} shortest, ${edgePaths} ending in an edge to a state reached before)`;

/**
 * A model's whole test: explore its graph, choose the paths that cover it, replay each on a live actor,
 * which must land where the model predicts after every step, and print the model's coverage line.
 * `missing` lists every unit the graph reaches that the live replays did not; the caller fails on any.
 */
export function replayCover(machine: AnyStateMachine, model: AnyTestModel, input: unknown, name: string) {
  const graph = exploreModel(machine, model, input);
  const [selection] = selectPaths([graph]) as [Selection];
  const covered = new Set<string>();
  for (const path of selection.paths) {
    const live = replay(machine, input, path.events);
    expect(live.values, path.description).toEqual(path.steps.slice(1).map((step) => step.state.value));
    for (const unit of live.units) covered.add(unit);
  }
  const missing = [...selection.universe].filter((unit) => !covered.has(unit));
  console.log(
    `${name}: ${unitCoverageLine(selection.universe, covered)} of its graph (${graph.nodes.length} model states, ${graph.edges} edges), ${replayedLine(selection.paths.length, selection)}`,
  );
  return { covered, missing, replayed: selection.paths.length, selection };
}
