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
import { coreEvents } from './events.ts';
import { modelInputs } from './model.ts';
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
    reloadWithLocale: () => {},
    reloadOnSessionExpired: () => {},
    loadFingerprintScript: () => {},
  },
});

// Node coverage of the screen graph: one path to each distinct (state, screen-relevant context).
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
    <SignInActor.Provider logic={app} options={{ input }}>
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
  const expected = selectScreen(state as never);
  await waitFor(() =>
    expect(document.querySelector('[data-screen]')?.getAttribute('data-screen')).toBe(expected),
  );
  const toast = state.context.toast as { id: string } | undefined;
  if (toast)
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((node) => node.textContent?.includes('locked'))).toBe(true),
    );
  const alertShown = state.context.offlineAlert === 'shown';
  await waitFor(() => expect(screen.queryByTestId('offline-alert') !== null).toBe(alertShown));
  const route = routeOf(state as never);
  if (route)
    await waitFor(() =>
      expect(decodeURIComponent(location.hash)).toBe(decodeURIComponent(`#${pathOf(route)}`)),
    );
  if (state.matches('redirecting') || state.matches('launchingApp'))
    await waitFor(() => expect(navigations.at(-1)).toBe(state.context.redirectUrl));
  if (state.matches({ authenticating: 'leavingForIdentityProvider' }))
    await waitFor(() => expect(navigations).toEqual([`identity:${state.context.identityEntrance}`]));
}

const describePath = (events: EventObject[]) =>
  events
    .map((event) =>
      event.type.replace(/^xstate\.(done|error)\.actor\./, (_, kind) => (kind === 'done' ? '✓' : '✗')),
    )
    .join(' → ');

const coreTypes = new Set(['xstate.init', ...coreEvents().map((event) => event.type)]);
const passkeyActors = ['awaitPasskeyAutofill', 'requestPasskey', 'passkeys'];
const isPasskeyEvent = ({ type }: EventObject) =>
  type === 'user.signInWithPasskey' ||
  type === 'user.managePasskeys' ||
  passkeyActors.some((id) => type === `xstate.done.actor.${id}` || type === `xstate.error.actor.${id}`);

describe('sign-in statechart replayed in the rendered app', () => {
  afterEach(() => standIns.reset());
  const model = createModelMachine();
  for (const [index, input] of modelInputs.entries()) {
    // The signed-out page's reload only adds its own start to paths the fresh tab already replays
    // (the page itself is replayed in test/browser/returning-users.test.ts).
    if (input.hash === '#/signedOut') continue;
    // The returning-user events stay out of this replay: with them the graph multiplies by every
    // account list they produce (it did not finish in 10 minutes). The generated-paths test covers
    // their states and transitions; the picker and signed-out screens are replayed in
    // views/App.options.test.tsx and, with axe, in test/browser/returning-users.test.ts.
    const paths = createTestModel(model, {
      events: coreEvents() as never,
      // Passkeys stay out too: their bare completions would give other screens shorter paths that
      // the filter below then drops. Their pages are replayed in views/screens/passkeys/ and, with
      // a virtual authenticator, in test/browser/passkeys*.test.ts.
      filterEvents: (_: unknown, event: EventObject) => !isPasskeyEvent(event),
      serializeState: serializeScreenState as never,
      limit: 100_000,
    } as never)
      .getShortestPaths({ input } as never)
      // xstate/graph adds bare events for every other type the machine takes; those have no step here.
      .filter((path) => path.steps.every((step) => coreTypes.has(step.event.type)));
    describe(`start-up input ${index}`, () => {
      for (const path of paths) {
        it(describePath(path.steps.map((step) => step.event)), async () => {
          startApp(input);
          await path.test({
            states: { '*': expectScreenOf },
            events: Object.fromEntries(
              coreEvents().map((event) => [
                event.type,
                event.type.startsWith('xstate.')
                  ? ({ event: e }: { event: EventObject }) => settleActor(e)
                  : eventExecutors[event.type as keyof typeof eventExecutors],
              ]),
            ) as never,
          });
        });
      }
    });
  }
});
