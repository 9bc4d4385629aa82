import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { ApiError } from '../../../api/errors.ts';
import { I18nProvider } from '../../../i18n/I18nProvider.tsx';
import { type AnalyticsEvent, setAnalyticsSink } from '../../../machines/analytics.ts';
import { lazyFlow } from '../../../machines/lazyFlow.ts';
import { roomMachine } from '../../../machines/room/room.machine.ts';
import type { RoomEntry, RoomInput } from '../../../machines/room/room.types.ts';
import type { signInMachine } from '../../../machines/signIn.machine.ts';
import { SignInActor } from '../../SignInActor.ts';
import { lazyScreen } from '../lazyScreen.tsx';
import { RoomScreen } from './RoomScreen.tsx';

const RoomView = lazyScreen(async () => RoomScreen).View;
const authorizeUrl = '/oauth/authorize?client_id=demo-room&state=s1';
const calls: string[] = [];
const departures: string[] = [];
const analytics: AnalyticsEvent[] = [];
let answer: () => Promise<unknown> = async () => ({ appName: 'Meeting Room', authorizeUrl });

afterEach(() => {
  calls.length = 0;
  departures.length = 0;
  analytics.length = 0;
  answer = async () => ({ appName: 'Meeting Room', authorizeUrl });
  setAnalyticsSink(undefined);
});

/** The real room flow with a stand-in verify call and departure, hosted as the sign-in machine hosts it. */
function renderFlow(entry: RoomEntry) {
  setAnalyticsSink((event) => analytics.push(event));
  const flow = roomMachine.provide({
    actors: {
      verifyUserCode: fromPromise(async ({ input }: { input: { userCode: string } }) => {
        calls.push(input.userCode);
        return answer();
      }) as never,
    },
    actions: { navigateToAuthorize: (_, params: { url: string }) => void departures.push(params.url) },
  });
  const input: RoomInput = { clientId: 'foyer-web', brandId: '7310', localeId: 'en_US', lookup: {}, entry };
  const host = setup({ actors: { room: lazyFlow(() => Promise.resolve(flow)) } }).createMachine({
    context: {},
    invoke: { id: 'room', src: 'room', input },
  });
  return render(
    <SignInActor.Provider logic={host as unknown as typeof signInMachine}>
      <I18nProvider localeId="en_US">
        <RoomView />
      </I18nProvider>
    </SignInActor.Provider>,
  );
}

const page = (name: string) =>
  waitFor(() => expect(document.querySelector(`[data-screen="room"] [data-screen="${name}"]`)).toBeTruthy());
const codeField = () => screen.getByLabelText("Code shown on the room's screen") as HTMLInputElement;
const typeCode = (value: string) => fireEvent.change(codeField(), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
const fieldAlert = () => document.getElementById('roomCode-error');

async function expectAccessible() {
  document.documentElement.lang = 'en-US';
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe('room activation pages', () => {
  it('the code page: its heading and title, the labelled field prefilled from the link, the hint read with it', async () => {
    renderFlow({ kind: 'enterCode', userCode: 'bcdfghjk' });
    await page('roomActivation');
    screen.getByRole('heading', { name: 'Sign in a room' });
    await waitFor(() => expect(document.title).toBe('Sign in a room'));
    expect(codeField().value).toBe('BCDF-GHJK');
    expect(codeField().getAttribute('aria-describedby')).toBe('roomCode-hint');
    expect(document.getElementById('roomCode-hint')?.textContent).toBe(
      '8 letters, like BCDF-GHJK. Capitals and the dash are optional.',
    );
    expect(codeField().autocomplete).toBe('off');
    await expectAccessible();
  });

  it('groups the code as it is typed', async () => {
    renderFlow({ kind: 'enterCode' });
    await page('roomActivation');
    expect(document.activeElement).toBe(codeField());
    typeCode('mnpqr');
    expect(codeField().value).toBe('MNPQ-R');
    typeCode('mnpq rstv');
    expect(codeField().value).toBe('MNPQ-RSTV');
  });

  it("empty: 'Enter the code…' announced on the field, which gets the focus back; no call", async () => {
    renderFlow({ kind: 'enterCode' });
    await page('roomActivation');
    screen.getByRole('button', { name: 'Continue' }).focus();
    submit();
    await waitFor(() => expect(fieldAlert()?.textContent).toBe("Enter the code shown on the room's screen."));
    expect(fieldAlert()?.getAttribute('role')).toBe('alert');
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(codeField().getAttribute('aria-describedby')).toBe('roomCode-error roomCode-hint');
    await waitFor(() => expect(document.activeElement).toBe(codeField()));
    expect(calls).toEqual([]);
    await expectAccessible();
    typeCode('B');
    expect(fieldAlert()?.textContent).toBe('');
    expect(codeField().getAttribute('aria-invalid')).toBeNull();
  });

  it('not a possible code: its own message before any call', async () => {
    renderFlow({ kind: 'enterCode', userCode: 'ABCD-EFGH' });
    await page('roomActivation');
    submit();
    await waitFor(() =>
      expect(fieldAlert()?.textContent).toBe(
        "That is not a room code. A room code has 8 letters, like BCDF-GHJK: check the code on the room's screen.",
      ),
    );
    expect(calls).toEqual([]);
  });

  it('refused by the server (740): the spec wording on the field, the focus on it, the code kept', async () => {
    answer = () => Promise.reject(new ApiError({ code: 'API_ERROR_740', httpStatus: 400 }));
    renderFlow({ kind: 'enterCode', userCode: 'BCDF-GHJK' });
    await page('roomActivation');
    submit();
    await waitFor(() =>
      expect(fieldAlert()?.textContent).toBe(
        "That code is not valid or has expired. Check the code on the room's screen and try again.",
      ),
    );
    await waitFor(() => expect(document.activeElement).toBe(codeField()));
    expect(codeField().value).toBe('BCDF-GHJK');
    expect(calls).toEqual(['BCDFGHJK']);
    expect(departures).toEqual([]);
  });

  it('too many tries (429): the too-often message with its ray id', async () => {
    answer = () => Promise.reject(new ApiError({ code: 'API_ERROR_429', httpStatus: 429, rayId: 'ray-7' }));
    renderFlow({ kind: 'enterCode', userCode: 'BCDF-GHJK' });
    await page('roomActivation');
    submit();
    await waitFor(() =>
      expect(fieldAlert()?.textContent).toBe(
        'You are trying too often. Please try again later. (Ray ID: ray-7)',
      ),
    );
  });

  it('a good code: the page says where it goes, names the room app, and leaves for the authorize URL', async () => {
    renderFlow({ kind: 'enterCode', userCode: 'BCDF-GHJK' });
    await page('roomActivation');
    submit();
    await page('roomLeaving');
    screen.getByRole('heading', { name: 'Opening sign-in' });
    screen.getByText('Sign in to allow Meeting Room to use your account.');
    expect(departures).toEqual([authorizeUrl]);
    await expectAccessible();
    // Back from the sign-in, the page shown from the back-forward cache: the code page, not a spinner.
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await page('roomActivation');
    expect(codeField().value).toBe('BCDF-GHJK');
  });

  it("signed in: the page says so and what to do next, and sends 'rooms login success'", async () => {
    renderFlow({ kind: 'activated' });
    await page('roomActivated');
    screen.getByRole('heading', { name: 'The room is signed in' });
    await waitFor(() => expect(document.title).toBe('The room is signed in'));
    screen.getByText(/Go back to the room: its screen shows that it is signed in/);
    expect(analytics).toEqual([{ name: 'roomsLoginSuccess', clientId: 'foyer-web', brandId: '7310' }]);
    await expectAccessible();
  });

  it.each([
    ['denied', 'You did not allow the room to sign in.'],
    ['expired', 'The code expired before sign-in finished. Codes last a few minutes.'],
    ['failed', 'Something went wrong while the room was signing in.'],
  ] as const)(
    'not signed in (%s): why, and Enter a new code opens an empty code page',
    async (reason, text) => {
      renderFlow({ kind: 'notActivated', reason });
      await page('roomNotActivated');
      screen.getByRole('heading', { name: 'The room is not signed in' });
      expect(screen.getByRole('status').textContent).toBe(text);
      await expectAccessible();
      fireEvent.click(screen.getByRole('button', { name: 'Enter a new code' }));
      await page('roomActivation');
      expect(codeField().value).toBe('');
      expect(document.activeElement).toBe(codeField());
      expect(analytics).toEqual([]);
    },
  );
});
