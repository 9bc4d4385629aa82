import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/errors.ts';
import { type AnalyticsEvent, setAnalyticsSink } from '../analytics.ts';
import { pathOf, type Route, type RoutedSnapshot, routeOf } from '../routes.ts';
import { roomMachine } from './room.machine.ts';
import type { RoomEntry, RoomEvent } from './room.types.ts';

const refusal = (code: number, httpStatus = 400, rayId?: string) =>
  new ApiError({ code: `API_ERROR_${code}`, httpStatus, backendMessage: 'refused', rayId });
const authorizeUrl = '/oauth/authorize?client_id=demo-room&response_type=code&state=s1';

type Answer = (input: { clientId: string; userCode: string }) => unknown;

/** The flow from `entry`, the verify call answered by `answer`; calls, departures and analytics recorded. */
function start(entry: RoomEntry, answer: Answer = () => ({ appName: 'Meeting Room', authorizeUrl })) {
  const calls: { clientId: string; userCode: string }[] = [];
  const departures: string[] = [];
  const events: AnalyticsEvent[] = [];
  setAnalyticsSink((event) => events.push(event));
  const machine = roomMachine.provide({
    actors: {
      verifyUserCode: fromPromise(async ({ input }: { input: { clientId: string; userCode: string } }) => {
        calls.push(input);
        return answer(input);
      }) as never,
    },
    actions: { navigateToAuthorize: (_, params: { url: string }) => void departures.push(params.url) },
  });
  const actor = createActor(machine, {
    input: { clientId: 'foyer-web', brandId: '7310', localeId: 'en_US', lookup: {}, entry },
  }).start();
  const send = async (...sent: RoomEvent[]) => {
    for (const event of sent) {
      actor.send(event);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  const snapshot = () => actor.getSnapshot();
  const path = () => {
    const route = routeOf(snapshot() as unknown as RoutedSnapshot);
    return route && pathOf(route);
  };
  const fieldError = () => snapshot().context.fieldError;
  return { actor, send, snapshot, path, fieldError, calls, departures, events };
}

const type = (value: string): RoomEvent => ({ type: 'user.changeCode', value });
const submit: RoomEvent = { type: 'user.submit' };
const route = (r: Route): RoomEvent => ({ type: 'route.changed', route: r });

afterEach(() => setAnalyticsSink(undefined));

describe('room activation flow: the code page', () => {
  it('prefills the code from the /device link, grouped as the room shows it, and leaves it out of the address', () => {
    const flow = start({ kind: 'enterCode', userCode: 'bcdfghjk' });
    expect(flow.snapshot().value).toBe('enterCode');
    expect(flow.snapshot().context.code).toBe('BCDF-GHJK');
    expect(flow.path()).toBe('/roomActivation');
  });

  it('groups the code as typed: capitals, XXXX-XXXX past four letters, spaces and dashes forgiven', async () => {
    const flow = start({ kind: 'enterCode' });
    expect(flow.snapshot().context.code).toBe('');
    const shown: string[] = [];
    for (const typed of ['b', 'bcdf', 'bcdfg', 'BCDF-', 'bcdf ghjk', ' b-c-d-f-g-h-j-k ', 'BCDF-GHJK1'])
      await flow.send(type(typed)).then(() => shown.push(flow.snapshot().context.code));
    expect(shown).toEqual(['B', 'BCDF', 'BCDF-G', 'BCDF', 'BCDF-GHJK', 'BCDF-GHJK', 'BCDF-GHJK1']);
  });

  it("refuses an empty field with 'Enter the code…' before any call, and a typed letter clears it", async () => {
    const flow = start({ kind: 'enterCode' });
    await flow.send(type(' - '), submit);
    expect(flow.fieldError()).toEqual({ id: 'errors.room.codeEmpty' });
    expect(flow.snapshot().value).toBe('enterCode');
    await flow.send(type('B'));
    expect(flow.fieldError()).toBeUndefined();
    expect(flow.calls).toEqual([]);
  });

  it('refuses what cannot be a room code (a vowel, a digit, too short or long) before any call', async () => {
    const flow = start({ kind: 'enterCode' });
    for (const typed of ['BCDF-GHJA', 'BCDF-GHJ1', 'BCDF-GHJ', 'BCDF-GHJKL']) {
      await flow.send(type(typed), submit);
      expect(flow.fieldError(), typed).toEqual({ id: 'errors.room.codeNotPossible' });
    }
    expect(flow.calls).toEqual([]);
  });

  it('sends the normalised code, is busy meanwhile, and leaves for the authorize URL once checked', async () => {
    let release: (value: unknown) => void = () => undefined;
    const flow = start({ kind: 'enterCode' }, () => new Promise((resolve) => (release = resolve)));
    await flow.send(type('bcdf ghjk'), submit);
    expect(flow.snapshot().value).toBe('verifying');
    expect(flow.snapshot().hasTag('busy')).toBe(true);
    expect(flow.path()).toBe('/roomActivation');
    // Typing while the check runs changes nothing.
    await flow.send(type('zzzz'));
    expect(flow.snapshot().context.code).toBe('BCDF-GHJK');
    expect(flow.calls).toEqual([{ clientId: 'foyer-web', userCode: 'BCDFGHJK' }]);
    release({ appName: 'Meeting Room', authorizeUrl });
    await flow.send();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(flow.snapshot().value).toBe('leaving');
    expect(flow.snapshot().hasTag('leaving')).toBe(true);
    // No page of its own: the address stays on the code page while the browser leaves.
    expect(flow.path()).toBeUndefined();
    expect(flow.departures).toEqual([authorizeUrl]);
    expect(flow.snapshot().status).toBe('active');
    // Back from the sign-in to this page as the browser kept it: the code page, the code still there.
    await flow.send({ type: 'page.restored' });
    expect(flow.snapshot().value).toBe('enterCode');
    expect(flow.snapshot().context.code).toBe('BCDF-GHJK');
    expect(flow.path()).toBe('/roomActivation');
  });

  it.each([
    ['740, unknown or expired', refusal(740), { id: 'errors.room.codeInvalid' }],
    [
      'HTTP 429, with its ray id',
      refusal(429, 429, 'ray-1'),
      { id: 'errors.tooFrequentWithRay', values: { rayId: 'ray-1' } },
    ],
    [
      'no network',
      new ApiError({ code: 'UI_ERROR_NETWORK' }),
      { id: 'errors.network', links: [{ kind: 'troubleshooting' }] },
    ],
    ['a server failure', refusal(101, 500), { id: 'errors.internal', links: [{ kind: 'help' }] }],
    ['a bad body', refusal(400), { id: 'errors.internal', links: [{ kind: 'help' }] }],
  ])('a refusal (%s) puts its message on the field and keeps the code', async (_, error, message) => {
    const flow = start({ kind: 'enterCode', userCode: 'BCDF-GHJK' }, () => Promise.reject(error));
    await flow.send(submit);
    expect(flow.snapshot().value).toBe('enterCode');
    expect(flow.fieldError()).toEqual(message);
    expect(flow.snapshot().context.code).toBe('BCDF-GHJK');
    expect(flow.departures).toEqual([]);
    // Typing again clears the message; another try calls again.
    await flow.send(type('BCDF-GHJK'));
    expect(flow.fieldError()).toBeUndefined();
  });

  it('never leaves for anywhere but this origin’s /oauth/authorize: the flow ends with a failure for the error page', async () => {
    for (const url of [
      'https://evil.example/oauth/authorize?x=1',
      '//evil.example/oauth/authorize?x=1',
      '/\\evil.example/oauth/authorize?x=1',
      '/oauth/authorized?x=1',
      'javascript:alert(1)',
    ]) {
      const flow = start({ kind: 'enterCode', userCode: 'BCDF-GHJK' }, () => ({
        appName: 'Room',
        authorizeUrl: url,
      }));
      await flow.send(submit);
      expect(flow.snapshot().status, url).toBe('done');
      expect(flow.snapshot().output).toEqual({ outcome: 'failed', error: expect.any(ApiError) });
      expect(flow.departures, url).toEqual([]);
    }
  });

  it('a reply outside the contract ends the flow with that failure (the error page), never a field message', async () => {
    const bad = new ApiError({ code: 'UI_ERROR_BAD_REPLY', backendMessage: 'data.authorizeUrl: …' });
    const flow = start({ kind: 'enterCode', userCode: 'BCDF-GHJK' }, () => Promise.reject(bad));
    await flow.send(submit);
    expect(flow.snapshot().output).toEqual({ outcome: 'failed', error: bad });
  });

  it('takes a code from a typed-in address, and ignores callback pages this tab was never given', async () => {
    const flow = start({ kind: 'enterCode' });
    await flow.send(route({ name: 'roomActivation', userCode: 'mnpq-rstv' }));
    expect(flow.snapshot().context.code).toBe('MNPQ-RSTV');
    await flow.send(route({ name: 'roomActivation' }));
    expect(flow.snapshot().context.code).toBe('MNPQ-RSTV');
    await flow.send(route({ name: 'roomActivated' }), route({ name: 'roomNotActivated', reason: 'denied' }));
    expect(flow.snapshot().value).toBe('enterCode');
    expect(flow.events).toEqual([]);
  });
});

describe('room activation flow: the callback pages', () => {
  it("the room is signed in: its page, and spec §9 'rooms login success' once with the client and brand", async () => {
    const flow = start({ kind: 'activated' });
    expect(flow.snapshot().value).toBe('activated');
    expect(flow.path()).toBe('/roomActivated');
    expect(flow.events).toEqual([{ name: 'roomsLoginSuccess', clientId: 'foyer-web', brandId: '7310' }]);
    // A typed-in code page, then Back: the page again, the event not again.
    await flow.send(route({ name: 'roomActivation' }));
    expect(flow.path()).toBe('/roomActivation');
    await flow.send(route({ name: 'roomActivated' }));
    expect(flow.snapshot().value).toBe('activated');
    expect(flow.events).toHaveLength(1);
  });

  it.each(['denied', 'expired', 'failed'] as const)(
    'not signed in (%s): its page; Enter a new code opens an empty code page, and Back returns',
    async (reason) => {
      const flow = start({ kind: 'notActivated', reason });
      expect(flow.snapshot().value).toBe('notActivated');
      expect(flow.path()).toBe(`/roomNotActivated/${reason}`);
      await flow.send({ type: 'user.enterNewCode' });
      expect(flow.snapshot().value).toBe('enterCode');
      expect(flow.snapshot().context.code).toBe('');
      expect(flow.path()).toBe('/roomActivation');
      await flow.send(route({ name: 'roomNotActivated', reason }));
      expect(flow.path()).toBe(`/roomNotActivated/${reason}`);
      // Forward again, by an address that carries a code: the code page with it.
      await flow.send(route({ name: 'roomActivation', userCode: 'BCDF-GHJK' }));
      expect(flow.snapshot().context.code).toBe('BCDF-GHJK');
      expect(flow.events).toEqual([]);
    },
  );
});
