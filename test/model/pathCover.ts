import {
  type ActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createEmptyActor,
  type EventObject,
} from 'xstate';
import type { StatePath, TestModel } from 'xstate/graph';
import { stateUnitsOf, unitsOfMicrostep } from './coverage.ts';
import { MaxHeap } from './maxHeap.ts';

type Snapshot = AnyMachineSnapshot;
// biome-ignore lint/suspicious/noExplicitAny: a model of any machine, as createTestModel returns it.
export type AnyTestModel = TestModel<any, any, any>;

/** A model state: the first way the breadth-first traversal reached it is a shortest path to it. */
type GraphNode = {
  snapshot: Snapshot;
  /** The node this one was first reached from (-1 for the initial state), and by which event. */
  parent: number;
  event: EventObject | undefined;
  depth: number;
  /** Coverage units (interned) of the step that first reached it. */
  units: readonly number[];
  /** Whether the path to it may be replayed (see `replayable`). */
  replayable: boolean;
};

/** The shortest way to a unit that no first-reaching step has: the path to `node`, then `event`. */
type Witness = { node: number; event: EventObject; next: Snapshot; units: readonly number[] };

export type ModelGraph = {
  nodes: GraphNode[];
  witnesses: Witness[];
  unitNames: string[];
  /** Every edge of the graph (model state × event case) the traversal tried. */
  edges: number;
};

export type CoverOptions = {
  /** Units a step adds besides the states and transitions it takes: what a test checks there. */
  stepUnits?: (state: Snapshot, event: EventObject | undefined) => readonly string[];
  /** Only paths whose every event passes may be replayed (default: every path). */
  replayable?: (event: EventObject) => boolean;
};

/** A number for each unit name, the same each time it is asked. */
function interner() {
  const ids = new Map<string, number>();
  const names: string[] = [];
  const idOf = (name: string) => {
    const known = ids.get(name);
    if (known !== undefined) return known;
    ids.set(name, names.length);
    return names.push(name) - 1;
  };
  return { idOf, names };
}

/**
 * Walks a model breadth-first with the options `createTestModel` resolved (its event cases, including
 * the bare events it adds, its filter, serializer and limit), as `getShortestPaths` would: one graph
 * node per serialized state, reached first by a shortest path. Unlike `getShortestPaths` it keeps one
 * snapshot per node rather than per edge, builds no path it does not return, and records what every
 * edge covers: the transitions (eventless ones included) and state nodes of each microstep, and the
 * `stepUnits` of the state reached. An edge to a node already reached adds a witness for each unit it
 * is the first to take, so every event case tried from every state counts and can be replayed.
 */
export function exploreModel(
  machine: AnyStateMachine,
  model: AnyTestModel,
  input: unknown,
  options: CoverOptions = {},
): ModelGraph {
  const resolved = model.options as unknown as {
    events: (state: Snapshot) => readonly EventObject[];
    serializeState: (state: Snapshot, event: EventObject | undefined, prev?: Snapshot) => string;
    serializeEvent?: (event: EventObject) => string;
    filterEvents?: (state: Snapshot, event: EventObject) => boolean;
    limit?: number;
  };
  const serializeEvent = resolved.serializeEvent ?? ((event: EventObject) => JSON.stringify(event));
  const limit = resolved.limit ?? Number.POSITIVE_INFINITY;
  const replayable = options.replayable ?? (() => true);

  const { idOf, names: unitNames } = interner();
  const intern = (names: Iterable<string>) => [...new Set(Array.from(names, idOf))];

  // The traversal's actor scope: xstate/graph's mock one (no action runs), but inspected, so that
  // every microstep reports what it takes here.
  const empty = createEmptyActor();
  let microsteps: string[] = [];
  empty.system.inspect((inspection) => {
    microsteps.push(...unitsOfMicrostep(inspection));
  });
  const none = () => {};
  const scope = {
    self: empty,
    system: empty.system,
    id: '',
    sessionId: 'model',
    logger: none,
    defer: none,
    stopChild: none,
    emit: none,
    actionExecutor: none,
  } as unknown as ActorScope<Snapshot, EventObject>;
  const stepOf = (next: Snapshot, event: EventObject | undefined) => {
    const units = intern([...microsteps, ...stateUnitsOf(next), ...(options.stepUnits?.(next, event) ?? [])]);
    microsteps = [];
    return units;
  };

  const initial = machine.getInitialSnapshot(scope, input) as Snapshot;
  const root = { snapshot: initial, parent: -1, event: undefined, depth: 0, replayable: true };
  const nodes: GraphNode[] = [{ ...root, units: stepOf(initial, undefined) }];
  const index = new Map([[resolved.serializeState(initial, undefined, undefined), 0]]);
  const seen = new Set<number>(nodes[0]?.units);
  const witnesses: Witness[] = [];
  let edges = 0;
  for (let at = 0; at < nodes.length; at++) {
    const { snapshot: state, depth, replayable: pathReplayable } = nodes[at] as GraphNode;
    const tried = new Set<string>();
    for (const event of resolved.events(state)) {
      if (resolved.filterEvents && !resolved.filterEvents(state, event)) continue;
      const eventKey = serializeEvent(event);
      if (tried.has(eventKey)) continue;
      tried.add(eventKey);
      if (++edges > limit) throw new Error('Traversal limit exceeded');
      const next = machine.transition(state, event, scope) as Snapshot;
      const units = stepOf(next, event);
      const key = resolved.serializeState(next, event, state);
      const edgeReplayable = pathReplayable && replayable(event);
      if (!index.has(key)) {
        index.set(key, nodes.length);
        nodes.push({
          snapshot: next,
          parent: at,
          event,
          depth: depth + 1,
          units,
          replayable: edgeReplayable,
        });
      } else if (edgeReplayable && units.some((unit) => !seen.has(unit))) {
        witnesses.push({ node: at, event, next, units });
      }
      // What a replayable path now takes (a path through an edge that cannot be replayed covers nothing).
      if (edgeReplayable) for (const unit of units) seen.add(unit);
    }
  }
  return { nodes, witnesses, unitNames, edges };
}

/** A path to replay: the events from the initial state and the model state after each. */
export type CoverPath = StatePath<Snapshot, EventObject> & { events: EventObject[]; description: string };

type Candidate = { graph: number; node: number; witness?: Witness; units: Set<number>; weight: number };

/** What `selectPaths` chose from one graph. */
export type Selection = {
  paths: CoverPath[];
  /** Every unit a replayable path of this graph covers. */
  universe: Set<string>;
  /** How many paths `getShortestPaths` would have generated: one per replayable leaf of the tree. */
  generated: number;
  /** How many paths ending in an edge to a model state already reached were candidates too. */
  edgePaths: number;
};

/**
 * The paths to replay: a small set of the graphs' replayable paths (greedy set cover, then every path
 * whose units the others cover dropped) that together cover every unit any of them covers. A unit is
 * one whichever graph reaches it, so a path is chosen from one graph only for what no path chosen
 * elsewhere covers already. `witnesses` adds, as candidates, the paths that end with an edge to a model
 * state already reached (every event case tried from every state); without it only the shortest paths.
 */
export function selectPaths(graphs: readonly ModelGraph[], { witnesses = true } = {}): Selection[] {
  const { idOf, names } = interner();
  const candidates: Candidate[] = [];
  const stats = graphs.map(() => ({ generated: 0, edgePaths: 0, universe: new Set<number>() }));
  for (const [at, graph] of graphs.entries()) {
    const { nodes } = graph;
    const own = stats[at] as (typeof stats)[number];
    // The graph's own unit numbers, as numbers shared by every graph.
    const shared = graph.unitNames.map(idOf);
    const candidate = (node: number, weight: number, witness?: Witness) => {
      const units = new Set(witness?.units.map((unit) => shared[unit] as number));
      for (let step = node; step >= 0; step = (nodes[step] as GraphNode).parent)
        for (const unit of (nodes[step] as GraphNode).units) units.add(shared[unit] as number);
      for (const unit of units) own.universe.add(unit);
      candidates.push({ graph: at, node, units, weight, ...(witness ? { witness } : {}) });
    };
    const hasChild = new Set(nodes.map((node) => node.parent));
    for (const [index, node] of nodes.entries()) {
      if (!node.replayable) continue;
      if (!hasChild.has(index)) own.generated++;
      candidate(index, node.depth);
    }
    if (!witnesses) continue;
    own.edgePaths = graph.witnesses.length;
    for (const witness of graph.witnesses)
      candidate(witness.node, (nodes[witness.node] as GraphNode).depth + 1, witness);
  }

  // Greedy set cover: the path with the most units not yet covered, the shorter on a tie. Lazily: a
  // candidate's gain only shrinks as others are chosen, so the gain it last had bounds it; the top of a
  // heap ordered by those bounds is the best once its recomputed gain still beats the next bound.
  const uncovered = new Set(stats.flatMap(({ universe }) => [...universe]));
  const gain = (candidate: Candidate) => {
    let count = 0;
    for (const unit of candidate.units) if (uncovered.has(unit)) count++;
    return count;
  };
  type Bounded = { candidate: Candidate; bound: number };
  const before = (a: Bounded, b: Bounded) =>
    a.bound > b.bound || (a.bound === b.bound && a.candidate.weight < b.candidate.weight);
  const heap = new MaxHeap(
    candidates.map((candidate) => ({ candidate, bound: candidate.units.size })),
    before,
  );
  let chosen: Candidate[] = [];
  for (let top = heap.pop(); top && uncovered.size > 0; top = heap.pop()) {
    top.bound = gain(top.candidate);
    if (top.bound === 0) continue;
    const next = heap.peek();
    if (next && before(next, top)) heap.push(top);
    else {
      chosen.push(top.candidate);
      for (const unit of top.candidate.units) uncovered.delete(unit);
    }
  }
  // Drop any chosen path whose every unit the other chosen paths cover, shortest first.
  for (const candidate of [...chosen].sort((a, b) => a.weight - b.weight)) {
    const others = chosen.filter((other) => other !== candidate);
    const rest = new Set(others.flatMap((other) => [...other.units]));
    if ([...candidate.units].every((unit) => rest.has(unit))) chosen = others;
  }
  chosen.sort((a, b) => a.graph - b.graph || a.node - b.node || a.weight - b.weight);
  return graphs.map((graph, at) => {
    const { generated, edgePaths, universe } = stats[at] as (typeof stats)[number];
    return {
      paths: chosen
        .filter((candidate) => candidate.graph === at)
        .map((candidate) => toPath(graph, candidate)),
      universe: new Set([...universe].map((unit) => names[unit] as string)),
      generated,
      edgePaths,
    };
  });
}

/** A chosen path in xstate/graph's shape (`steps[0]` is `xstate.init` on the initial state). */
function toPath(graph: ModelGraph, { node, witness }: Candidate): CoverPath {
  const trail: GraphNode[] = [];
  for (let at = node; at >= 0; at = (graph.nodes[at] as GraphNode).parent)
    trail.unshift(graph.nodes[at] as GraphNode);
  const steps = trail.map(({ snapshot, event }) => ({
    state: snapshot,
    event: event ?? { type: 'xstate.init' },
  }));
  if (witness) steps.push({ state: witness.next, event: witness.event });
  const events = steps.slice(1).map((step) => step.event);
  const { state } = steps.at(-1) as (typeof steps)[number];
  const description = `Reaches ${JSON.stringify(state.value)}: ${describeEvents(events)}`;
  return { state, steps, weight: events.length, events, description };
}

/** A path's events, short: completions of invoked actors as ✓/✗ and the actor's name. */
export const describeEvents = (events: readonly EventObject[]) =>
  ['xstate.init', ...events.map((event) => event.type)]
    .map((type) => type.replace(/^xstate\.(done|error)\.actor\./, (_, kind) => (kind === 'done' ? '✓' : '✗')))
    .join(' → ');
