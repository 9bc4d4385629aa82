/**
 * The notice pages' test bench: the real notices flow (machines/notices/) with stand-ins for its calls,
 * hosted as the sign-in machine hosts it (a lazily loaded child named `notices`).
 */
import { render, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { expect } from 'vitest';
import { fromPromise, setup } from 'xstate';
import type { RetiredApp, TermsOfService } from '../../../api/contract/notices.ts';
import { I18nProvider } from '../../../i18n/I18nProvider.tsx';
import { lazyFlow } from '../../../machines/lazyFlow.ts';
import { noticesMachine } from '../../../machines/notices/notices.machine.ts';
import type { NoticeKind, NoticesInput, NoticesOutput } from '../../../machines/notices/notices.types.ts';
import type { signInMachine } from '../../../machines/signIn.machine.ts';
import { SignInActor } from '../../SignInActor.ts';
import { lazyScreen } from '../lazyScreen.tsx';
import { NoticesScreen } from './NoticesScreen.tsx';

/** As the app shows it: once its messages are all in (views/screens/lazyScreens.ts). */
const NoticesView = lazyScreen(async () => NoticesScreen).View;

type Answer<T> = T | Error;

/** What the stand-ins answer (in order; the last one again after that), and what they were asked. */
export const backend = {
  terms: [] as Answer<TermsOfService>[],
  accept: [] as Answer<object>[],
  retired: [] as Answer<RetiredApp>[],
  accepted: [] as string[],
  termsLoads: 0,
};
export const outputs: NoticesOutput[] = [];
export function resetBackend() {
  Object.assign(backend, { terms: [], accept: [], retired: [], accepted: [], termsLoads: 0 });
  outputs.length = 0;
}

const next = async <T,>(answers: Answer<T>[], fallback: T): Promise<T> => {
  const answer = answers.length > 1 ? answers.shift() : (answers[0] ?? fallback);
  if (answer instanceof Error) throw answer;
  return answer as T;
};

/** The real notices flow for `kind` with stand-ins for its calls, under a host that takes Cancel. */
export function renderNotice(
  kind: NoticeKind,
  fallbacks: { terms?: TermsOfService; retired?: RetiredApp } = {},
) {
  const flow = noticesMachine.provide({
    actors: {
      loadTerms: fromPromise(async () => {
        backend.termsLoads += 1;
        return next(backend.terms, fallbacks.terms as TermsOfService);
      }),
      acceptTerms: fromPromise(async ({ input }: { input: { version: string } }) => {
        await next(backend.accept, {});
        backend.accepted.push(input.version);
        return { version: input.version, acceptedAt: '2026-04-01T10:00:00Z' };
      }),
      loadRetiredApp: fromPromise(async () => next(backend.retired, fallbacks.retired as RetiredApp)),
    },
  } as unknown as Parameters<typeof noticesMachine.provide>[0]);
  const input: NoticesInput = {
    clientId: 'demo-app',
    brandId: '1210',
    sessionId: 's1',
    localeId: 'en_US',
    lookup: {},
    entry: { kind },
  };
  const host = setup({ actors: { notices: lazyFlow(() => Promise.resolve(flow)) } }).createMachine({
    invoke: {
      id: 'notices',
      src: 'notices',
      input,
      onDone: { actions: ({ event }) => void outputs.push(event.output as NoticesOutput) },
    },
    on: { 'user.cancel': { actions: () => undefined } },
  });
  return render(
    <SignInActor.Provider logic={host as unknown as typeof signInMachine}>
      <I18nProvider localeId="en_US">
        <NoticesView />
      </I18nProvider>
    </SignInActor.Provider>,
  );
}

export const page = (name: string) =>
  waitFor(() => expect(document.querySelector(`[data-screen="${name}"]`)).toBeTruthy());
export const pageAlert = (name: string) => document.getElementById(`${name}-error`)?.textContent;

/** No axe violations on the page as it stands (jsdom has no colours: contrast is checked on the tokens). */
export async function expectAccessible() {
  document.documentElement.lang = 'en-US';
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}
