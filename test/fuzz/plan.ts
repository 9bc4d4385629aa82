import fc from 'fast-check';
import { authorizationOf } from './credentials.ts';
import type { Endpoint } from './endpoint.ts';
import { CURRENT_SESSION } from './hints.ts';
import { type Mutation, mutationOf } from './mutations.ts';
import { encode, type Wire } from './wire.ts';
import { arbitraryOf, fieldNamesOf, type Hints } from './zodArbitrary.ts';

/** One request to make: as which browser, with which generated input, spoilt by which mutations. */
export interface Plan {
  signedIn: boolean;
  /** Which signed-in browser, modulo how many there are. */
  persona: number;
  value: unknown;
  /** The Authorization header, for an endpoint that reads one (credentials.ts). */
  authorization?: string | undefined;
  mutations: Mutation[];
}

/** A known-good input that needs its Authorization header: a confidential client's HTTP Basic, a token. */
export interface AuthorizedExample {
  value: Record<string, unknown>;
  authorization: string;
}

/**
 * An endpoint's requests: first each known-good example as it is, in each signed-in browser (single-use
 * ones, a code or an emailed token, are spent before anything else can spend them), then generated plans.
 */
export interface PlanStream {
  endpoint: Endpoint;
  firsts: Plan[];
  arbitrary: fc.Arbitrary<Plan>;
}

export function planStream(
  endpoint: Endpoint,
  hints: Hints,
  {
    liveExamples = [],
    authorizedExamples = [],
    personas = 1,
  }: {
    liveExamples?: readonly Record<string, unknown>[];
    authorizedExamples?: readonly AuthorizedExample[];
    personas?: number;
  },
): PlanStream {
  const examples = [...(endpoint.examples ?? []), ...liveExamples];
  const firsts = [
    ...examples.map((value) => ({ value, authorization: undefined })),
    ...authorizedExamples,
  ].flatMap(({ value, authorization }) =>
    Array.from({ length: personas }, (_, persona) => ({
      signedIn: true,
      persona,
      value,
      authorization,
      mutations: [],
    })),
  );
  const arbitrary = planArbitrary(endpoint, hints, examples);
  if (authorizedExamples.length === 0) return { endpoint, firsts, arbitrary };
  // Past the client authentication or the bearer check now and then, and spoilt there too.
  const authorized = fc
    .tuple(arbitrary, fc.constantFrom(...authorizedExamples))
    .map(([plan, example]) => ({ ...plan, ...example }));
  return {
    endpoint,
    firsts,
    arbitrary: fc.oneof({ arbitrary, weight: 4 }, { arbitrary: authorized, weight: 1 }),
  };
}

/** Three in ten requests are valid-shaped as generated; the rest carry one or two hostile mutations. */
function planArbitrary(
  endpoint: Endpoint,
  hints: Hints,
  examples: readonly Record<string, unknown>[],
): fc.Arbitrary<Plan> {
  const { input } = endpoint;
  const generated = 'schema' in input ? arbitraryOf(input.schema, hints) : fc.constant({});
  // Known-good inputs go where generated ones rarely get, past every lookup, and are then spoilt too.
  const value =
    examples.length > 0
      ? fc.oneof({ arbitrary: generated, weight: 3 }, { arbitrary: fc.constantFrom(...examples), weight: 1 })
      : generated;
  const mutation = mutationOf('schema' in input ? fieldNamesOf(input.schema) : []);
  return fc.record({
    signedIn: fc.boolean(),
    persona: fc.nat(),
    value,
    authorization: endpoint.authorization
      ? authorizationOf(endpoint.authorization, hints)
      : fc.constant(undefined),
    mutations: fc.oneof(
      { arbitrary: fc.constant<Mutation[]>([]), weight: 3 },
      { arbitrary: fc.array(mutation, { minLength: 1, maxLength: 2 }), weight: 7 },
    ),
  });
}

/** The request a plan makes: value mutations, then the endpoint's encoding, then request mutations. */
export function wireOf(endpoint: Endpoint, plan: Plan): Wire {
  const value = plan.mutations.reduce(
    (current, { value: change }) => (change ? change(current) : current),
    plan.value,
  );
  const encoded = encode(endpoint, value);
  if (plan.authorization !== undefined)
    encoded.headers = { ...encoded.headers, authorization: plan.authorization };
  return plan.mutations.reduce((wire, { wire: change }) => (change ? change(wire, value) : wire), encoded);
}

/** The plan with CURRENT_SESSION replaced by the public id of the browser's session at the time of sending. */
export function withSession(plan: Plan, sessionId: string): Plan {
  const value = plan.value as { sessionId?: unknown } | null;
  if (typeof value !== 'object' || value === null || value.sessionId !== CURRENT_SESSION) return plan;
  return { ...plan, value: { ...value, sessionId } };
}

/** A stable 31-bit seed per run seed, endpoint and chunk, so one endpoint's stream never depends on another's. */
export function seedFor(seed: number, key: string, chunk: number): number {
  let hash = 0x811c9dc5 ^ seed;
  for (const char of `${key}#${chunk}`) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return hash >>> 1;
}

/** Bodies per endpoint: a fair share each, the remainder to the first, never none. */
export function shares(total: number, count: number): number[] {
  const share = Math.floor(total / count);
  return Array.from({ length: count }, (_, index) => Math.max(1, share + (index < total % count ? 1 : 0)));
}
