import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, sendParent, setup, toPromise, waitFor } from 'xstate';
import { type LazyFlowSnapshot, lazyFlow } from './lazyFlow.ts';

/** Waits for the condition, however busy the machine: a deadline is not what the test is about. */
const UNTIL_SETTLED = { timeout: 30_000 };

/** A small flow with what real ones use: context from input, an invoked actor, a delay, sendParent. */
const codeFlow = setup({
  types: {
    context: {} as { sent: number; code: string },
    events: {} as { type: 'user.resend' } | { type: 'user.submit'; code: string },
    input: {} as { sent: number },
    output: {} as { code: string },
    tags: {} as 'screen.codeEntry',
  },
  actors: { sendCode: fromPromise(async () => 'sent') },
}).createMachine({
  context: ({ input }) => ({ sent: input.sent, code: '' }),
  initial: 'sending',
  states: {
    sending: { invoke: { src: 'sendCode', onDone: 'waiting' } },
    waiting: {
      tags: 'screen.codeEntry',
      entry: sendParent({ type: 'flow.codeSent' }),
      after: { 200: 'resendAllowed' },
      on: {
        'user.submit': { target: 'verified', actions: assign({ code: ({ event }) => event.code }) },
      },
    },
    resendAllowed: {
      tags: 'screen.codeEntry',
      on: {
        'user.resend': { target: 'sending', actions: assign({ sent: ({ context }) => context.sent + 1 }) },
        'user.submit': { target: 'verified', actions: assign({ code: ({ event }) => event.code }) },
      },
    },
    verified: { type: 'final' },
  },
  output: ({ context }) => ({ code: context.code }),
});

function parentWith(load: () => Promise<typeof codeFlow>) {
  return setup({
    types: {
      context: {} as { result?: string; failure?: string; codeSent: number },
      events: {} as
        | { type: 'flow.codeSent' }
        | { type: 'user.resend' }
        | { type: 'user.submit'; code: string },
    },
    actors: { verifying: lazyFlow(load) },
  }).createMachine({
    context: { codeSent: 0 },
    initial: 'verifying',
    states: {
      verifying: {
        invoke: {
          id: 'verifying',
          src: 'verifying',
          input: { sent: 1 },
          onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output.code }) },
          onError: { target: 'done', actions: assign({ failure: ({ event }) => String(event.error) }) },
        },
        on: {
          'flow.codeSent': { actions: assign({ codeSent: ({ context }) => context.codeSent + 1 }) },
          'user.*': { actions: ({ event, self }) => self.getSnapshot().children.verifying?.send(event) },
        },
      },
      done: { type: 'final' },
    },
  });
}

const flowOf = (actor: { getSnapshot(): { children: Record<string, unknown> } }) =>
  (
    actor.getSnapshot().children.verifying as { getSnapshot(): LazyFlowSnapshot<typeof codeFlow> } | undefined
  )?.getSnapshot();

describe('lazyFlow', () => {
  it('loads the machine when invoked, keeps events that arrive first, and ends with its output', async () => {
    let release: () => void = () => {};
    const chunk = new Promise<void>((resolve) => {
      release = resolve;
    });
    const parent = createActor(parentWith(() => chunk.then(() => codeFlow))).start();
    expect(flowOf(parent)?.flow).toBeUndefined();
    // The user is faster than the network: the event waits for the chunk.
    parent.send({ type: 'user.submit', code: '000000' });
    expect(flowOf(parent)?.pending).toHaveLength(1);
    release();
    // The flow's own changes do not change the parent's snapshot: poll the child, as a view subscribes to it.
    await vi.waitFor(() => expect(flowOf(parent)?.flow?.value).toBe('waiting'), UNTIL_SETTLED);
    // Replayed in order: the early submit reached 'sending', which does not take it.
    expect(flowOf(parent)?.pending).toEqual([]);
    expect(parent.getSnapshot().context.result).toBeUndefined();
    parent.send({ type: 'user.submit', code: '424242' });
    await waitFor(parent, (snapshot) => snapshot.status === 'done');
    expect(parent.getSnapshot().context.result).toBe('424242');
  });

  it('runs invoked actors, delays and sendParent inside the flow, and reads its tags', async () => {
    const parent = createActor(parentWith(async () => codeFlow)).start();
    await vi.waitFor(() => expect(flowOf(parent)?.flow?.value).toBe('waiting'), UNTIL_SETTLED);
    expect(parent.getSnapshot().context.codeSent).toBe(1);
    expect(flowOf(parent)?.flow?.hasTag('screen.codeEntry')).toBe(true);
    expect(flowOf(parent)?.flow?.can({ type: 'user.resend' })).toBe(false);
    await vi.waitFor(() => expect(flowOf(parent)?.flow?.value).toBe('resendAllowed'), UNTIL_SETTLED);
    parent.send({ type: 'user.resend' });
    await vi.waitFor(() => expect(flowOf(parent)?.flow?.value).toBe('waiting'), UNTIL_SETTLED);
    expect(flowOf(parent)?.flow?.context.sent).toBe(2);
    expect(parent.getSnapshot().context.codeSent).toBe(2);
    parent.send({ type: 'user.submit', code: '123456' });
    const output = await toPromise(parent);
    expect(output).toBeUndefined();
    expect(parent.getSnapshot().context.result).toBe('123456');
  });

  it('ends with an error the parent handles when the chunk cannot load, and loads again next time', async () => {
    let attempts = 0;
    const load = async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk failed');
      return codeFlow;
    };
    const machine = parentWith(load);
    const first = createActor(machine).start();
    await waitFor(first, (snapshot) => snapshot.status === 'done');
    expect(first.getSnapshot().context.failure).toBe('Error: chunk failed');
    const second = createActor(machine).start();
    await vi.waitFor(() => expect(flowOf(second)?.flow?.value).toBe('waiting'), UNTIL_SETTLED);
    expect(attempts).toBe(2);
  });

  it('preload fetches the chunk ahead, once', async () => {
    let loads = 0;
    const logic = lazyFlow(async () => {
      loads += 1;
      return codeFlow;
    });
    await Promise.all([logic.preload(), logic.preload()]);
    expect(loads).toBe(1);
  });
});
