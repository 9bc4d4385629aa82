import {
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  type EventObject,
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

/** Replays events on a live actor and reports every transition and state node it went through. */
export function replay(machine: AnyStateMachine, input: unknown, events: readonly EventObject[]) {
  const transitions = new Set<string>();
  const states = new Set<string>();
  const actor = createActor(machine, {
    input,
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.microstep') return;
      for (const transition of (inspection as unknown as { _transitions: AnyTransitionDefinition[] })
        ._transitions) {
        transitions.add(keyOf(transition));
        // Transient states (eventless choices) never settle into a snapshot; count their entry here,
        // as targets and, when entered as a region's initial state, as the source of their choice.
        states.add(transition.source.id);
        for (const target of transition.target ?? []) states.add(target.id);
      }
    },
  });
  actor.subscribe((snapshot) => {
    for (const node of snapshot._nodes) states.add(node.id);
  });
  actor.start();
  for (const node of actor.getSnapshot()._nodes) states.add(node.id);
  for (const event of events) actor.send(event);
  const snapshot = actor.getSnapshot();
  actor.stop();
  return { transitions, states, snapshot };
}
