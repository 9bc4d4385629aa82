/**
 * The passkeys pages' test bench: the real passkeys flow (machines/passkeys/) with stand-ins for its
 * calls and the browser's ceremony, hosted as the sign-in machine hosts it (a lazily loaded child
 * named `passkeys`).
 */
import { render, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { expect } from 'vitest';
import { fromPromise, setup } from 'xstate';
import type { PasskeyList, PasskeySummary } from '../../../api/contract/passkeys.ts';
import { I18nProvider } from '../../../i18n/I18nProvider.tsx';
import { lazyFlow } from '../../../machines/lazyFlow.ts';
import { passkeysActors } from '../../../machines/passkeys/passkeys.actors.ts';
import { passkeysMachine } from '../../../machines/passkeys/passkeys.machine.ts';
import type {
  PasskeysEntry,
  PasskeysInput,
  PasskeysOutput,
} from '../../../machines/passkeys/passkeys.types.ts';
import type { signInMachine } from '../../../machines/signIn.machine.ts';
import { SignInActor } from '../../SignInActor.ts';
import { lazyScreen } from '../lazyScreen.tsx';
import { PasskeysScreen } from './PasskeysScreen.tsx';

/** As the app shows it: once its messages are all in (views/screens/lazyScreens.ts). */
const PasskeysView = lazyScreen(async () => PasskeysScreen).View;

type ActorName = keyof typeof passkeysActors;
type Answer = (input: Record<string, unknown>) => unknown;

export const laptop: PasskeySummary = {
  id: '1',
  name: 'Chrome on Linux',
  createdAt: '2026-11-20T12:00:00Z',
  lastUsedAt: '2026-11-24T12:00:00Z',
  backedUp: false,
  needsReenrolment: false,
};
export const phone: PasskeySummary = {
  id: '2',
  name: 'Safari on iPhone',
  createdAt: '2026-11-25T12:00:00Z',
  backedUp: true,
  needsReenrolment: false,
};
export const listOf = (offer: PasskeyList['offer'], passkeys: PasskeySummary[] = []): PasskeyList => ({
  allowed: true,
  offer,
  passkeys,
});

const plain: Record<ActorName, Answer> = {
  loadPasskeys: () => listOf('show'),
  dismissOffer: () => ({ dismissed: true }),
  registerPasskey: () => phone,
  removePasskey: () => listOf('none'),
};

/** How each call answers (a value, a rejected promise, or one that waits), and what was asked. */
export const backend = {
  answers: {} as Partial<Record<ActorName, Answer>>,
  calls: [] as { actor: ActorName; input: Record<string, unknown> }[],
};
export const outputs: PasskeysOutput[] = [];
export function resetBackend() {
  backend.answers = {};
  backend.calls.length = 0;
  outputs.length = 0;
}

/** A call that answers when the test says so, to see the page while it runs. */
export function pending<T>() {
  let settle: { resolve: (value: T) => void; reject: (error: unknown) => void } | undefined;
  const promise = new Promise<T>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { answer: () => promise, ...(settle as NonNullable<typeof settle>) };
}

/** The real passkeys flow from `entry`, its calls answered by `backend.answers` (or plainly). */
export function renderPasskeys(entry: PasskeysEntry) {
  const actors = Object.fromEntries(
    (Object.keys(passkeysActors) as ActorName[]).map((name) => [
      name,
      fromPromise(async ({ input }: { input: Record<string, unknown> }) => {
        backend.calls.push({ actor: name, input });
        return (backend.answers[name] ?? plain[name])(input);
      }),
    ]),
  );
  const flow = passkeysMachine.provide({ actors: actors as never });
  const input: PasskeysInput = {
    clientId: 'demo-app',
    brandId: '1210',
    sessionId: 's1',
    localeId: 'en_US',
    lookup: {},
    entry,
  };
  const host = setup({ actors: { passkeys: lazyFlow(() => Promise.resolve(flow)) } }).createMachine({
    invoke: {
      id: 'passkeys',
      src: 'passkeys',
      input,
      onDone: { actions: ({ event }) => void outputs.push(event.output as PasskeysOutput) },
    },
  });
  return render(
    <SignInActor.Provider logic={host as unknown as typeof signInMachine}>
      <I18nProvider localeId="en_US">
        <PasskeysView />
      </I18nProvider>
    </SignInActor.Provider>,
  );
}

/** The page named `name` (the list page shares its name with the screen: the page is the section). */
export const page = (name: string) =>
  waitFor(() => {
    const section = document.querySelector(`section[data-screen="${name}"]`);
    expect(section).toBeTruthy();
    return section as HTMLElement;
  });
export const pageAlert = (name: string) => document.getElementById(`${name}-error`)?.textContent;

/** No axe violations on the page as it stands (jsdom has no colours: contrast is checked on the tokens). */
export async function expectAccessible() {
  document.documentElement.lang = 'en-US';
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}
