import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/errors.ts';
import { newerTerms, noticesInput, retiredOf, termsOf } from '../../test/fixtures/notices.ts';
import { loadErrorMessages } from '../errors.ts';
import { noticeRoutes } from '../noticeRoutes.ts';
import { type NoticeRouteName, parseRoute, pathOf, type RoutedSnapshot, routeOf } from '../routes.ts';
import { noticesActors } from './notices.actors.ts';
import { noticesMachine } from './notices.machine.ts';
import type { NoticeKind, NoticesEvent } from './notices.types.ts';

const refusal = (code: number, httpStatus = 400) =>
  new ApiError({ code: `API_ERROR_${code}`, httpStatus, backendMessage: 'refused' });
const network = new ApiError({ code: 'UI_ERROR_NETWORK' });
const tooMany = new ApiError({ code: 'API_ERROR_429', httpStatus: 429, rayId: 'ray-7' });

type Answer = (input: Record<string, unknown>) => unknown;
type Answers = Partial<Record<keyof typeof noticesActors, Answer | Answer[]>>;

/**
 * The flow for a notice, every call answered by `answers` (one answer, or one per call in order; a
 * thrown error is a refusal), or plainly; the calls are recorded.
 */
function start(kind: NoticeKind, answers: Answers = {}) {
  const calls: { actor: string; input: Record<string, unknown> }[] = [];
  const plain: Record<keyof typeof noticesActors, Answer> = {
    loadTerms: () => termsOf(),
    acceptTerms: (input) => ({ version: input.version, acceptedAt: '2026-04-01T10:00:00Z' }),
    loadRetiredApp: () => retiredOf(),
  };
  const actors = Object.fromEntries(
    (Object.keys(noticesActors) as (keyof typeof noticesActors)[]).map((name) => [
      name,
      fromPromise(async ({ input }: { input: Record<string, unknown> }) => {
        const count = calls.filter((call) => call.actor === name).length;
        calls.push({ actor: name, input });
        const answer = answers[name];
        const run = Array.isArray(answer) ? (answer[count] ?? answer.at(-1)) : answer;
        return (run ?? plain[name])(input);
      }),
    ]),
  );
  const actor = createActor(noticesMachine.provide({ actors: actors as never }), {
    input: noticesInput(kind),
  }).start();
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  const send = async (...events: NoticesEvent[]) => {
    for (const event of events) {
      actor.send(event);
      await settled();
    }
  };
  const path = () => {
    const route = routeOf(actor.getSnapshot() as unknown as RoutedSnapshot);
    return route && pathOf(route);
  };
  return {
    actor,
    calls,
    settled,
    send,
    path,
    context: () => actor.getSnapshot().context,
    output: () => actor.getSnapshot().output,
    can: (event: NoticesEvent) => actor.getSnapshot().can(event),
  };
}
const throws = (error: unknown) => () => {
  throw error;
};

beforeAll(() => loadErrorMessages());

describe('the routes (docs/notices.md)', () => {
  it('the FedRAMP notice is at the spec path; ours read back as themselves; nothing else matches', () => {
    expect(pathOf({ name: 'fedrampNotice' })).toBe('/notification/FEDRAMP');
    expect(pathOf({ name: 'termsOfService' })).toBe('/termsOfService');
    expect(pathOf({ name: 'retiredApp' })).toBe('/retiredApp');
    for (const name of Object.keys(noticeRoutes) as NoticeRouteName[])
      expect(parseRoute(`#${pathOf({ name })}`)).toEqual({ name });
    expect(parseRoute('#/notification/fedramp')).toEqual({ name: 'root' });
    expect(parseRoute('#/termsOfService/extra')).toEqual({ name: 'root' });
  });
});

describe('the FedRAMP notice (spec §4 720)', () => {
  it('shows at /notification/FEDRAMP without a call; Accept ends accepted', async () => {
    const flow = start('fedramp');
    expect(flow.path()).toBe('/notification/FEDRAMP');
    await flow.send({ type: 'user.accept' });
    expect(flow.output()).toEqual({ outcome: 'accepted', notice: 'fedramp' });
    expect(flow.calls).toEqual([]);
  });

  it('Decline ends declined', async () => {
    const flow = start('fedramp');
    await flow.send({ type: 'user.decline' });
    expect(flow.output()).toEqual({ outcome: 'declined', notice: 'fedramp' });
  });

  it('an address forwarded by the sign-in machine does not move the notice', async () => {
    const flow = start('fedramp');
    await flow.send({ type: 'route.changed', route: { name: 'termsOfService' } });
    expect(flow.path()).toBe('/notification/FEDRAMP');
    expect(flow.actor.getSnapshot().status).toBe('active');
  });
});

describe('the terms of service (730, 731)', () => {
  it('loads the terms in the session and locale, then Accept with the box ticked accepts that version', async () => {
    const flow = start('terms');
    expect(flow.path()).toBe('/termsOfService');
    expect(flow.actor.getSnapshot().hasTag('loading')).toBe(true);
    await flow.settled();
    expect(flow.calls[0]).toEqual({
      actor: 'loadTerms',
      input: { clientId: 'demo-app', sessionId: 's-ada', localeId: 'en_US' },
    });
    expect(flow.context().terms).toEqual(termsOf());
    await flow.send({ type: 'user.changeAgreement', agreed: true }, { type: 'user.accept' });
    expect(flow.calls.at(-1)).toEqual({
      actor: 'acceptTerms',
      input: { clientId: 'demo-app', sessionId: 's-ada', version: '2026-01-15' },
    });
    expect(flow.output()).toEqual({ outcome: 'accepted', notice: 'terms' });
  });

  it('Accept with the box unticked sends nothing and says so; ticking clears it', async () => {
    const flow = start('terms');
    await flow.settled();
    await flow.send({ type: 'user.accept' });
    expect(flow.context().agreementMissing).toBe(true);
    expect(flow.calls.map((call) => call.actor)).toEqual(['loadTerms']);
    await flow.send({ type: 'user.changeAgreement', agreed: true });
    expect(flow.context()).toMatchObject({ agreementMissing: false, termsAgreed: true });
    await flow.send({ type: 'user.changeAgreement', agreed: false }, { type: 'user.accept' });
    expect(flow.context().agreementMissing).toBe(true);
  });

  it('Decline ends declined without a call, ticked or not', async () => {
    const flow = start('terms');
    await flow.settled();
    await flow.send({ type: 'user.changeAgreement', agreed: true }, { type: 'user.decline' });
    expect(flow.output()).toEqual({ outcome: 'declined', notice: 'terms' });
    expect(flow.calls.map((call) => call.actor)).toEqual(['loadTerms']);
  });

  it('731: the new version loads, the page says the terms changed, and the box must be ticked again', async () => {
    const flow = start('terms', {
      loadTerms: [() => termsOf(), () => newerTerms],
      acceptTerms: [throws(refusal(731, 409)), (input) => ({ version: input.version, acceptedAt: 'now' })],
    });
    await flow.settled();
    await flow.send({ type: 'user.changeAgreement', agreed: true }, { type: 'user.accept' });
    expect(flow.calls.map((call) => call.actor)).toEqual(['loadTerms', 'acceptTerms', 'loadTerms']);
    expect(flow.context()).toMatchObject({ terms: newerTerms, termsChanged: true, termsAgreed: false });
    expect(flow.path()).toBe('/termsOfService');
    await flow.send({ type: 'user.accept' });
    expect(flow.context().agreementMissing).toBe(true);
    await flow.send({ type: 'user.changeAgreement', agreed: true }, { type: 'user.accept' });
    expect(flow.calls.at(-1)?.input.version).toBe('2026-03-01');
    expect(flow.output()).toEqual({ outcome: 'accepted', notice: 'terms' });
  });

  it.each([221, 222, 227])('%i on accepting ends the flow as an expired session', async (code) => {
    const flow = start('terms', { acceptTerms: throws(refusal(code, 401)) });
    await flow.settled();
    await flow.send({ type: 'user.changeAgreement', agreed: true }, { type: 'user.accept' });
    expect(flow.output()).toEqual({ outcome: 'sessionExpired' });
  });

  it('221 on loading ends the flow as an expired session', async () => {
    const flow = start('terms', { loadTerms: throws(refusal(221, 401)) });
    await flow.settled();
    expect(flow.output()).toEqual({ outcome: 'sessionExpired' });
  });

  it.each([
    ['the network', network, 'errors.network'],
    ['too many requests', tooMany, 'errors.tooFrequentWithRay'],
    ['an internal error', refusal(101, 500), 'errors.internal'],
  ])(
    'a refused accept (%s) keeps the page and the tick, with the catalogue message',
    async (_, error, id) => {
      const flow = start('terms', {
        acceptTerms: [throws(error), () => ({ version: 'x', acceptedAt: 'now' })],
      });
      await flow.settled();
      await flow.send({ type: 'user.changeAgreement', agreed: true }, { type: 'user.accept' });
      expect(flow.actor.getSnapshot().matches({ terms: 'reading' })).toBe(true);
      expect(flow.context().termsAgreed).toBe(true);
      expect(flow.context().formError?.id).toBe(id);
      // Accepting again clears the message and goes through.
      await flow.send({ type: 'user.accept' });
      expect(flow.output()).toEqual({ outcome: 'accepted', notice: 'terms' });
    },
  );

  it('a load that fails on the network or 429 offers Try again, which loads again', async () => {
    const flow = start('terms', { loadTerms: [throws(network), throws(tooMany), () => termsOf()] });
    await flow.settled();
    expect(flow.context().formError?.id).toBe('errors.network');
    expect(flow.can({ type: 'user.retry' })).toBe(true);
    expect(flow.path()).toBe('/termsOfService');
    await flow.send({ type: 'user.retry' });
    expect(flow.context().formError?.id).toBe('errors.tooFrequentWithRay');
    await flow.send({ type: 'user.retry' });
    expect(flow.context()).toMatchObject({ terms: termsOf(), formError: undefined });
  });

  it('any other load failure ends the flow failed, with the error for the error page', async () => {
    const error = refusal(101, 500);
    const flow = start('terms', { loadTerms: throws(error) });
    await flow.settled();
    expect(flow.output()).toEqual({ outcome: 'failed', error });
  });
});

describe('the retired-app notice (216)', () => {
  it('loads the retired client and its replacement; the page has no way on', async () => {
    const flow = start('retiredApp');
    expect(flow.path()).toBe('/retiredApp');
    await flow.settled();
    expect(flow.calls).toEqual([
      { actor: 'loadRetiredApp', input: { clientId: 'demo-app', localeId: 'en_US' } },
    ]);
    expect(flow.context().retiredApp).toEqual(retiredOf());
    for (const type of ['user.accept', 'user.decline', 'user.retry'] as const)
      expect(flow.can({ type })).toBe(false);
    expect(flow.actor.getSnapshot().status).toBe('active');
  });

  it('a client still in service is shown as such', async () => {
    const flow = start('retiredApp', {
      loadRetiredApp: () => ({ appName: 'Orvalle Notes', retired: false }),
    });
    await flow.settled();
    expect(flow.context().retiredApp).toEqual({ appName: 'Orvalle Notes', retired: false });
  });

  it.each([
    ['the network', network],
    ['an internal error', refusal(101, 500)],
  ])('a failed load (%s) ends the flow failed', async (_, error) => {
    const flow = start('retiredApp', { loadRetiredApp: throws(error) });
    await flow.settled();
    expect(flow.output()).toEqual({ outcome: 'failed', error });
  });
});
