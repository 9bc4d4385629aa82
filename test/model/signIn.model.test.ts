import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import type { SignInInput } from '../../machines/signIn.setup.ts';
import { machineCoverage } from './coverage.ts';
import { modelEvents, startupCases } from './events.ts';
import { replayCover, replayedLine } from './flowModel.ts';
import { modelInputs, serializeModelState } from './model.ts';
import { passkeyModelEvents } from './passkeyEvents.ts';
import { createModelMachine } from './projection.ts';

// Generating and walking the graph is the work here, not a measure of speed: give it room under load.
const GENERATION_TIMEOUT_MS = 300_000;

/** A start-up input in a few words, for the test's name and its coverage line. */
const nameOf = (input: SignInInput) =>
  [
    input.hash || 'no hash',
    Object.keys(input.stored).length > 0 ? `stored ${Object.keys(input.stored).join('+')}` : '',
    input.remembered ? 'remembered account' : '',
  ]
    .filter(Boolean)
    .join(', ');

describe('sign-in statechart: generated paths', () => {
  const machine = createModelMachine();
  const covered = new Set<string>();
  const totals = { replayed: 0, generated: 0, edgePaths: 0 };
  // Passkeys are walked from a fresh tab and from a browser that remembers an account (the picker).
  const passkeyInputs = modelInputs.filter(
    (input) => input.hash === '' && Object.keys(input.stored).length === 0,
  );
  const models = [
    ...modelInputs.map((input) => ({ input, events: modelEvents, name: nameOf(input) })),
    ...passkeyInputs.map((input) => ({
      input,
      events: () => passkeyModelEvents(startupCases),
      name: `passkeys: ${nameOf(input)}`,
    })),
  ];

  // One test per model (start-up input and event cases): its graph is built once, a set of its shortest
  // paths that covers every state node, transition and event case the graph reaches is replayed on a
  // live actor, which must land where the model predicts after every step and take what it predicts.
  for (const { input, events, name } of models) {
    it(
      `replays paths covering every state and transition the model reaches from ${name}`,
      () => {
        const model = createTestModel(machine, {
          input,
          events: events() as never,
          serializeState: serializeModelState as never,
        });
        const result = replayCover(machine, model, input, name);
        expect(result.selection.generated).toBeGreaterThan(0);
        expect(result.missing, result.missing.join('\n')).toEqual([]);
        for (const unit of result.covered) covered.add(unit);
        totals.replayed += result.replayed;
        totals.generated += result.selection.generated;
        totals.edgePaths += result.selection.edgePaths;
      },
      GENERATION_TIMEOUT_MS,
    );
  }

  it('reaches every state of the statechart', () => {
    expect(totals.generated).toBeGreaterThan(100);
    const { line, missingStates } = machineCoverage(machine, covered);
    console.log(
      `sign-in statechart, ${models.length} models: ${line}, ${replayedLine(totals.replayed, totals)}`,
    );
    expect(missingStates, missingStates.join('\n')).toEqual([]);
  });

  it('takes every transition of the statechart', () => {
    const { missingTransitions } = machineCoverage(machine, covered);
    expect(missingTransitions, missingTransitions.join('\n')).toEqual([]);
  });
});
