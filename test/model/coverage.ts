import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  type EventObject,
  type InspectionEvent,
  type StateValue,
} from 'xstate';

/** A transition's key: `sourceId|eventType|index` among its source's transitions for that event. */
export const keyOf = (transition: AnyTransitionDefinition) => {
  const list =
    transition.eventType === ''
      ? (transition.source.always ?? [])
      : (transition.source.transitions.get(transition.eventType) ?? []);
  return `${transition.source.id}|${transition.eventType || 'always'}|${list.indexOf(transition)}`;
};

/** Every transition of a machine as `sourceId|eventType|index`, eventless (`always`) ones included. */
export function allTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  const visit = (node: AnyStateNode) => {
    for (const transitions of node.transitions.values()) for (const t of transitions) keys.add(keyOf(t));
    for (const t of node.always ?? []) keys.add(keyOf(t));
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return keys;
}

/** Every state node id of a machine. */
export function allStateIds(machine: AnyStateMachine): Set<string> {
  const ids = new Set<string>();
  const visit = (node: AnyStateNode) => {
    ids.add(node.id);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return ids;
}

/** What coverage counts: a state node entered (`state:<id>`) or a transition taken (`transition:<key>`). */
export const stateUnit = (id: string) => `state:${id}`;
export const transitionUnit = (key: string) => `transition:${key}`;

// A traversal names the same few nodes and transitions hundreds of thousands of times: name each once.
const unitNames = new WeakMap<object, string>();
const named = <T extends object>(of: T, name: (of: T) => string) => {
  const known = unitNames.get(of);
  if (known !== undefined) return known;
  const fresh = name(of);
  unitNames.set(of, fresh);
  return fresh;
};
const unitOfNode = (node: AnyStateNode) => named(node, ({ id }) => stateUnit(id));
const unitOfTransition = (transition: AnyTransitionDefinition) =>
  named(transition, (of) => transitionUnit(keyOf(of)));

/** The state nodes a snapshot is in, as coverage units. */
export const stateUnitsOf = (snapshot: AnyMachineSnapshot) =>
  (snapshot._nodes as AnyStateNode[]).map(unitOfNode);

/**
 * The coverage units of one microstep (an inspection event), eventless ones included: the transitions
 * taken, their sources and targets, and every state node of the microstep's snapshot. Transient states
 * (eventless choices) never settle into a snapshot a subscriber sees; they are counted here. A live
 * actor (`replay`) and the model's traversal (`pathCover.ts`) both count with this one function.
 */
export function unitsOfMicrostep(inspection: InspectionEvent): string[] {
  if (inspection.type !== '@xstate.microstep') return [];
  const units: string[] = [];
  for (const transition of (inspection as unknown as { _transitions: AnyTransitionDefinition[] })
    ._transitions) {
    units.push(unitOfTransition(transition), unitOfNode(transition.source));
    for (const target of transition.target ?? []) units.push(unitOfNode(target));
  }
  units.push(...stateUnitsOf(inspection.snapshot as AnyMachineSnapshot));
  return units;
}

/**
 * Replays events on a live actor and reports every transition and state node it went through (as
 * coverage units, see `unitsOfMicrostep`) and the state value after each event.
 */
export function replay(machine: AnyStateMachine, input: unknown, events: readonly EventObject[]) {
  const units = new Set<string>();
  const actor = createActor(machine, {
    input,
    inspect: (inspection) => {
      for (const unit of unitsOfMicrostep(inspection)) units.add(unit);
    },
  });
  actor.subscribe((snapshot) => {
    for (const unit of stateUnitsOf(snapshot)) units.add(unit);
  });
  actor.start();
  for (const unit of stateUnitsOf(actor.getSnapshot())) units.add(unit);
  const values: StateValue[] = [];
  for (const event of events) {
    actor.send(event);
    values.push(actor.getSnapshot().value);
  }
  const snapshot = actor.getSnapshot();
  actor.stop();
  return { units, values, snapshot };
}

const percent = (covered: number, total: number) =>
  `${covered}/${total} (${total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10} %)`;

/** How many of a machine's states and transitions a set of units covers, and which are missing. */
export function machineCoverage(machine: AnyStateMachine, units: ReadonlySet<string>) {
  const states = [...allStateIds(machine)].map(stateUnit);
  const transitions = [...allTransitions(machine)].map(transitionUnit);
  const missingStates = states.filter((unit) => !units.has(unit));
  const missingTransitions = transitions.filter((unit) => !units.has(unit));
  return {
    missingStates,
    missingTransitions,
    line: `states ${percent(states.length - missingStates.length, states.length)}, transitions ${percent(
      transitions.length - missingTransitions.length,
      transitions.length,
    )}`,
  };
}

/** `units covered/total (percent)` per kind of unit (the prefix before the first colon). */
export function unitCoverageLine(universe: ReadonlySet<string>, covered: ReadonlySet<string>) {
  const kinds = new Map<string, [number, number]>(
    ['state', 'transition', 'event', 'view', 'rendering'].map((kind) => [kind, [0, 0]]),
  );
  for (const unit of universe) {
    const kind = unit.slice(0, unit.indexOf(':'));
    const [done, total] = kinds.get(kind) ?? [0, 0];
    kinds.set(kind, [done + (covered.has(unit) ? 1 : 0), total + 1]);
  }
  return [...kinds]
    .filter(([, [, total]]) => total > 0)
    .map(([kind, [done, total]]) => `${kind}s ${percent(done, total)}`)
    .join(', ');
}
