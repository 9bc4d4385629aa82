import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PasskeyList, PasskeySummary } from '../../api/contract/passkeys.ts';
import { ApiError } from '../../api/errors.ts';
import { loadErrorMessages } from '../errors.ts';
import { parseRoute, pathOf, type RoutedSnapshot, routeOf } from '../routes.ts';
import { passkeysActors } from './passkeys.actors.ts';
import { passkeysMachine } from './passkeys.machine.ts';
import type { PasskeysEntry, PasskeysEvent, PasskeysOutput } from './passkeys.types.ts';

const laptop: PasskeySummary = {
  id: '1',
  name: 'Chrome on Linux',
  createdAt: '2026-11-20T10:00:00Z',
  backedUp: false,
  needsReenrolment: false,
};
const phone: PasskeySummary = { ...laptop, id: '2', name: 'Safari on iPhone', backedUp: true };
const listOf = (offer: PasskeyList['offer'], passkeys: PasskeySummary[] = []): PasskeyList => ({
  allowed: true,
  offer,
  passkeys,
});
const refusal = (code: number) =>
  new ApiError({ code: `API_ERROR_${code}`, httpStatus: 400, backendMessage: 'no' });
const cancelled = new ApiError({ code: 'UI_ERROR_PASSKEY_CANCELLED' });

type Answer = (input: Record<string, unknown>) => unknown;
type Answers = Partial<Record<keyof typeof passkeysActors, Answer>>;

/** The flow from an entry, each call answered by `answers` or plainly; the calls are recorded. */
function start(entry: PasskeysEntry, answers: Answers = {}) {
  const calls: { actor: string; input: Record<string, unknown> }[] = [];
  const plain: Record<keyof typeof passkeysActors, Answer> = {
    loadPasskeys: () => listOf('show'),
    dismissOffer: () => ({ dismissed: true }),
    registerPasskey: () => phone,
    removePasskey: () => listOf('none', [phone]),
  };
  const actors = Object.fromEntries(
    (Object.keys(passkeysActors) as (keyof typeof passkeysActors)[]).map((name) => [
      name,
      fromPromise(async ({ input }: { input: Record<string, unknown> }) => {
        calls.push({ actor: name, input });
        return (answers[name] ?? plain[name])(input);
      }),
    ]),
  );
  const actor = createActor(passkeysMachine.provide({ actors: actors as never }), {
    input: {
      clientId: 'partner-app',
      brandId: '1210',
      sessionId: 'own-session',
      localeId: 'en_US',
      lookup: {},
      entry,
    },
  }).start();
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  const send = async (...events: PasskeysEvent[]) => {
    for (const event of events) {
      actor.send(event);
      await settled();
    }
  };
  const path = () => {
    const route = routeOf(actor.getSnapshot() as unknown as RoutedSnapshot);
    return route && pathOf(route);
  };
  const output = () => actor.getSnapshot().output as PasskeysOutput | undefined;
  return { actor, calls, settled, send, path, output };
}

beforeAll(() => loadErrorMessages());

describe('the offer after a password sign-in', () => {
  it('shows the offer when the server says it is due, and Create leads to the list with the new passkey', async () => {
    const flow = start({ kind: 'offer' });
    await flow.settled();
    expect(flow.path()).toBe('/passkeys/offer');
    await flow.send({ type: 'user.createPasskey' });
    expect(flow.path()).toBe('/passkeys');
    expect(flow.actor.getSnapshot().context).toMatchObject({ created: true, passkeys: [phone] });
    await flow.send({ type: 'user.continue' });
    expect(flow.output()).toEqual({ outcome: 'continued', created: true });
    expect(flow.calls.map((call) => call.actor)).toEqual(['loadPasskeys', 'registerPasskey']);
    expect(flow.calls[1]?.input).toEqual({ clientId: 'partner-app', sessionId: 'own-session' });
  });

  it('remembers Not now and goes on, even when remembering it fails', async () => {
    for (const dismissOffer of [() => ({ dismissed: true }), () => Promise.reject(refusal(101))]) {
      const flow = start({ kind: 'offer' }, { dismissOffer });
      await flow.settled();
      await flow.send({ type: 'user.notNow' });
      await flow.settled();
      expect(flow.output()).toEqual({ outcome: 'continued', created: false });
      expect(flow.calls.map((call) => call.actor)).toEqual(['loadPasskeys', 'dismissOffer']);
    }
  });

  it('goes on without a page when no offer is due, or when the list cannot be loaded', async () => {
    for (const loadPasskeys of [() => listOf('none', [laptop]), () => Promise.reject(refusal(101))]) {
      const flow = start({ kind: 'offer' }, { loadPasskeys });
      await flow.settled();
      expect(flow.output()).toEqual({ outcome: 'continued', created: false });
    }
  });

  it('waits for the second factor when the server asks it to', async () => {
    const flow = start({ kind: 'offer' }, { loadPasskeys: () => listOf('afterSecondFactor') });
    await flow.settled();
    expect(flow.output()).toEqual({ outcome: 'afterSecondFactor' });
  });

  it('stays on the offer with the reason when the browser or the server refuses the passkey', async () => {
    const flow = start({ kind: 'offer' }, { registerPasskey: () => Promise.reject(cancelled) });
    await flow.settled();
    await flow.send({ type: 'user.createPasskey' });
    expect(flow.path()).toBe('/passkeys/offer');
    expect(flow.actor.getSnapshot().context.formError?.id).toBe('errors.passkey.cancelled');
    expect(flow.actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('ends with sessionExpired when the session is gone', async () => {
    const flow = start({ kind: 'offer' }, { registerPasskey: () => Promise.reject(refusal(221)) });
    await flow.settled();
    await flow.send({ type: 'user.createPasskey' });
    expect(flow.output()).toEqual({ outcome: 'sessionExpired' });
  });
});

describe("the picker's management page", () => {
  const manage: PasskeysEntry = { kind: 'manage', sessionId: 'picker-row' };

  it('lists the account’s passkeys for the row’s session, removes one and says which', async () => {
    const flow = start(manage, { loadPasskeys: () => listOf('none', [laptop, phone]) });
    await flow.settled();
    expect(flow.path()).toBe('/passkeys');
    expect(flow.calls[0]?.input).toEqual({ clientId: 'partner-app', sessionId: 'picker-row' });
    await flow.send({ type: 'user.removePasskey', passkeyId: '1' });
    expect(flow.calls[1]).toEqual({
      actor: 'removePasskey',
      input: { clientId: 'partner-app', sessionId: 'picker-row', passkeyId: '1' },
    });
    expect(flow.actor.getSnapshot().context).toMatchObject({
      removedName: 'Chrome on Linux',
      passkeys: [phone],
    });
    await flow.send({ type: 'user.continue' });
    expect(flow.output()).toEqual({ outcome: 'closed' });
  });

  it('keeps the list and says why when a removal is refused, and Try again reloads a list that failed', async () => {
    const flow = start(manage, {
      loadPasskeys: () => listOf('none', [laptop]),
      removePasskey: () => Promise.reject(refusal(751)),
    });
    await flow.settled();
    await flow.send({ type: 'user.removePasskey', passkeyId: '1' });
    expect(flow.actor.getSnapshot().context).toMatchObject({ passkeys: [laptop] });
    expect(flow.actor.getSnapshot().context.formError?.id).toBe('errors.passkey.unknown');

    let attempts = 0;
    const retry = start(manage, {
      loadPasskeys: () => (++attempts === 1 ? Promise.reject(refusal(101)) : listOf('none', [phone])),
    });
    await retry.settled();
    expect(retry.actor.getSnapshot().context.formError).toBeDefined();
    await retry.send({ type: 'user.retry' });
    await retry.settled();
    expect(retry.actor.getSnapshot().context).toMatchObject({ passkeys: [phone], formError: undefined });
  });

  it('adds a passkey from the list', async () => {
    const flow = start(manage, { loadPasskeys: () => listOf('none', [laptop]) });
    await flow.settled();
    await flow.send({ type: 'user.createPasskey' });
    expect(flow.actor.getSnapshot().context.passkeys).toEqual([laptop, phone]);
    expect(flow.path()).toBe('/passkeys');
  });
});

describe('the routes', () => {
  it('read and write both passkey pages', () => {
    expect(parseRoute('#/passkeys/offer')).toEqual({ name: 'passkeyOffer' });
    expect(parseRoute('#/passkeys')).toEqual({ name: 'passkeyList' });
    expect(pathOf({ name: 'passkeyOffer' })).toBe('/passkeys/offer');
  });
});
