import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActorRefFrom, AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { pathOf, type Route, routeOf } from '../../machines/routes.ts';
import { selectScreen } from '../../machines/selectors.ts';
import { signInMachine } from '../../machines/signIn.machine.ts';
import type { SignInInput } from '../../machines/signIn.setup.ts';
import { App } from '../../views/App.tsx';
import { SignInActor } from '../../views/SignInActor.ts';
import { machineCoverage, stateUnitsOf, unitCoverageLine, unitsOfMicrostep } from './coverage.ts';
import { coreEvents } from './events.ts';
import { replayedLine } from './flowModel.ts';
import { modelInputs } from './model.ts';
import { describeEvents, exploreModel, selectPaths } from './pathCover.ts';
import { createModelMachine } from './projection.ts';
import { createStandIns } from './standIns.ts';

type StepEvent = EventObject & Record<string, unknown>;

const actorNames = Object.keys(signInMachine.implementations.actors);
const standIns = createStandIns(actorNames);
const navigations: string[] = [];
const app = signInMachine.provide({
  actors: standIns.actors as never,
  // The clock is the test's: the alert fires only when the model says it does.
  delays: { networkAlertDelay: 3_600_000 },
  actions: {
    navigateAway: ({ context }) => void navigations.push(context.redirectUrl ?? ''),
    openIdentityProvider: ({ context }) => void navigations.push(`identity:${context.identityEntrance}`),
    showLocaleOutside: () => {},
    reloadOnSessionExpired: () => {},
    loadFingerprintScript: () => {},
  },
});

// The screen graph: one model state per distinct (state, screen-relevant context).
const serializeScreenState = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.fieldError?.id,
    snapshot.context.toast?.id,
    snapshot.context.offlineAlert === 'shown',
    snapshot.context.failure?.code,
    snapshot.context.brandConfig?.brandId,
    snapshot.context.redirectUrl,
  ]);

/** What the rendered app must show for a model state: every value `expectScreenOf` compares. */
function expectedViewOf(state: AnyMachineSnapshot) {
  const route = routeOf(state as never);
  return {
    screen: selectScreen(state as never),
    toast: (state.context.toast as { id: string } | undefined)?.id,
    alert: state.context.offlineAlert === 'shown',
    hash: route ? decodeURIComponent(`#${pathOf(route)}`) : undefined,
    // Where the app navigated: the last redirect, or only the identity provider.
    navigation:
      state.matches('redirecting') || state.matches('launchingApp')
        ? { last: state.context.redirectUrl as string | undefined }
        : state.matches({ authenticating: 'leavingForIdentityProvider' })
          ? { only: `identity:${state.context.identityEntrance}` }
          : undefined,
  };
}

/**
 * What a replay checks at a model state besides the states and transitions it takes: the view asserted
 * there (with the state it is asserted for), and the context each screen renders — every field message,
 * failure and brand a screen shows in the graph is rendered on it at least once.
 */
function viewUnitsOf(state: AnyMachineSnapshot) {
  const view = expectedViewOf(state);
  const { fieldError, failure, brandConfig } = state.context;
  return [
    `view:${JSON.stringify([state.value, view])}`,
    `rendering:${JSON.stringify([view.screen, fieldError?.id, failure?.code, brandConfig?.brandId])}`,
  ];
}
const stepUnits = (state: AnyMachineSnapshot, event: EventObject | undefined) => [
  ...(event ? [`event:${JSON.stringify(event)}`] : []),
  ...viewUnitsOf(state),
];

/** What the replays covered in the rendered app: states and transitions it took, events, views checked. */
const covered = new Set<string>();
const appActor: { current: ActorRefFrom<typeof signInMachine> | undefined } = { current: undefined };
function CaptureActor() {
  appActor.current = SignInActor.useActorRef();
  return null;
}

function startApp(input: SignInInput) {
  history.replaceState(null, '', `/${input.hash}`);
  sessionStorage.clear();
  standIns.reset();
  navigations.length = 0;
  render(
    <SignInActor.Provider
      logic={app}
      options={{
        input,
        // Every transition and state the live app takes counts, eventless ones included.
        inspect: (inspection) => {
          for (const unit of unitsOfMicrostep(inspection)) covered.add(unit);
        },
      }}
    >
      <CaptureActor />
      <App />
    </SignInActor.Provider>,
  );
}

const click = (name: RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const submitField = (label: RegExp, value: string) => {
  const field = screen.getByLabelText(label);
  fireEvent.change(field, { target: { value } });
  fireEvent.submit(field.closest('form') as HTMLFormElement);
};
const settleActor = async (event: EventObject & { output?: unknown; error?: unknown }) => {
  const [, kind, , name] = event.type.split('.');
  await waitFor(() => expect(standIns.pending.has(name ?? '')).toBe(true));
  await act(async () => standIns.settle(name ?? '', event, kind === 'error'));
};

const eventExecutors = {
  'user.submitCredential': ({ event }: { event: EventObject }) =>
    submitField(/email or phone number/i, String((event as StepEvent).credential)),
  'user.submitPassword': ({ event }: { event: EventObject }) =>
    submitField(/^password$/i, String((event as StepEvent).password)),
  'user.back': () => click(/^(change|back)$/i),
  // The credential page's "Sign in with SSO", or the login option page's "Sign in with single sign-on".
  'user.chooseSso': () => click(/sign in with (sso|single sign-on)/i),
  'user.choosePassword': () => click(/use my password/i),
  'user.tryAgain': () => click(/^try again$/i),
  'user.chooseIdentityProvider': ({ event }: { event: EventObject }) =>
    click((event as StepEvent).entrance === 'google' ? /continue with google/i : /continue with apple/i),
  'user.submitSsoEmail': ({ event }: { event: EventObject }) =>
    submitField(/work email/i, String((event as StepEvent).email)),
  'user.approve': () => click(/authorize/i),
  'user.reject': () => click(/deny/i),
  'user.cancel': () => click(/cancel/i),
  // The error pages' "Back to sign in", or the signed-out page's "Sign in".
  'user.restart': () => click(/^(back to sign in|sign in)$/i),
  'user.openApp': () => click(/^open /i),
  // The clock, not the user, sends this: the named delay is stretched so the test decides when it fires.
  'connection.alertDue': async () => {
    await act(async () => appActor.current?.send({ type: 'connection.alertDue' }));
  },
  'user.dismissAlert': () => click(/dismiss/i),
  'route.changed': async ({ event }: { event: EventObject }) => {
    await act(async () => {
      history.pushState(null, '', `#${pathOf((event as StepEvent).route as Route)}`);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
  },
};

async function expectScreenOf(state: AnyMachineSnapshot) {
  const expected = expectedViewOf(state);
  await waitFor(() =>
    expect(document.querySelector('[data-screen]')?.getAttribute('data-screen')).toBe(expected.screen),
  );
  if (expected.toast)
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((node) => node.textContent?.includes('locked'))).toBe(true),
    );
  await waitFor(() => expect(screen.queryByTestId('offline-alert') !== null).toBe(expected.alert));
  if (expected.hash) await waitFor(() => expect(decodeURIComponent(location.hash)).toBe(expected.hash));
  const { navigation } = expected;
  if (navigation && 'last' in navigation)
    await waitFor(() => expect(navigations.at(-1)).toBe(navigation.last));
  if (navigation && 'only' in navigation) await waitFor(() => expect(navigations).toEqual([navigation.only]));
  // Checked: the view, and the states the live app is in.
  for (const unit of viewUnitsOf(state)) covered.add(unit);
  if (appActor.current) for (const unit of stateUnitsOf(appActor.current.getSnapshot())) covered.add(unit);
}

const coreTypes = new Set(['xstate.init', ...coreEvents().map((event) => event.type)]);
const passkeyActors = ['awaitPasskeyAutofill', 'requestPasskey', 'passkeys'];
const isPasskeyEvent = ({ type }: EventObject) =>
  type === 'user.signInWithPasskey' ||
  passkeyActors.some((id) => type === `xstate.done.actor.${id}` || type === `xstate.error.actor.${id}`);

/** Each event case's step: the user's action, an address change or an actor settling, then counted. */
const stepExecutors = Object.fromEntries(
  coreEvents().map((event) => [
    event.type,
    async (step: { event: EventObject }) => {
      if (event.type.startsWith('xstate.')) await settleActor(step.event);
      else await eventExecutors[event.type as keyof typeof eventExecutors](step as never);
      covered.add(`event:${JSON.stringify(step.event)}`);
    },
  ]),
);

// The returning-user events stay out of this replay: with them the graph multiplies by every account
// list they produce (it did not finish in 10 minutes). The generated-paths test covers their states and
// transitions; the picker and signed-out screens are replayed in views/App.options.test.tsx and, with
// axe, in test/browser/returning-users.test.ts.
const modelOf = (machine: ReturnType<typeof createModelMachine>) =>
  createTestModel(machine, {
    events: coreEvents() as never,
    // Passkeys stay out too: their bare completions would give other screens shorter paths that the
    // replay could not drive. Their pages are replayed in views/screens/passkeys/ and, with a virtual
    // authenticator, in test/browser/passkeys*.test.ts.
    filterEvents: (_: unknown, event: EventObject) => !isPasskeyEvent(event),
    serializeState: serializeScreenState as never,
    limit: 100_000,
  } as never);

describe('sign-in statechart replayed in the rendered app', () => {
  afterEach(() => standIns.reset());
  const machine = createModelMachine();
  const testModel = modelOf(machine);
  // The signed-out page's reload only adds its own start to paths the fresh tab already replays (the
  // page itself is replayed in test/browser/returning-users.test.ts).
  const inputs = [...modelInputs.entries()].filter(([, input]) => input.hash !== '#/signedOut');
  // Each start-up input's shortest paths, of events the app can be driven with (xstate/graph adds bare
  // events for every other type the machine takes, which have no step here). Of all of them, a set is
  // replayed that covers every state node, transition, event case, view and rendering any path reaches.
  const selections = selectPaths(
    inputs.map(([, input]) =>
      exploreModel(machine, testModel, input, {
        stepUnits,
        replayable: (event) => coreTypes.has(event.type),
      }),
    ),
    { witnesses: false },
  );
  const universe = new Set(selections.flatMap(({ universe: units }) => [...units]));

  for (const [at, [index, input]] of inputs.entries()) {
    const { paths } = selections[at] as (typeof selections)[number];
    if (paths.length === 0) continue;
    describe(`start-up input ${index}`, () => {
      for (const path of paths) {
        it(describeEvents(path.events), async () => {
          startApp(input);
          await testModel.testPath(path, { states: { '*': expectScreenOf }, events: stepExecutors as never });
        });
      }
    });
  }

  it('replayed every state, transition, event case, view and rendering the generated paths reach', () => {
    for (const [at, [index, input]] of inputs.entries()) {
      const selection = selections[at] as (typeof selections)[number];
      console.log(
        `rendered app, start-up input ${index} (${input.hash || 'no hash'}): ${replayedLine(selection.paths.length, selection)}`,
      );
    }
    const replayed = selections.reduce((sum, { paths }) => sum + paths.length, 0);
    const generated = selections.reduce((sum, selection) => sum + selection.generated, 0);
    console.log(
      `rendered app, ${inputs.length} start-up inputs: ${unitCoverageLine(universe, covered)}, ${replayedLine(replayed, { generated, edgePaths: 0 })}`,
    );
    // For scale: the returning-user and passkey events stay out of this replay, so its paths reach part of
    // the statechart; signIn.model.test.ts reaches all of it.
    console.log(`rendered app, of the whole statechart: ${machineCoverage(machine, universe).line}`);
    const missing = [...universe].filter((unit) => !covered.has(unit));
    expect(missing, missing.join('\n')).toEqual([]);
  });
});
