import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { MfaSettings } from '../../api/contract/twoFactor.ts';
import { maskedContact, mfaPolicy, phoneAndEmail } from '../../test/fixtures/twoFactor.ts';
import { loadErrorMessages } from '../errors.ts';
import { parseRoute, pathOf, type Route, routeOf } from '../routes.ts';
import { twoFactorMachine } from './twoFactor.machine.ts';

/*
 * The code page's expiry region (docs/two-factor.md "Expiry"): named delays counted from the send,
 * replaced by stand-ins where a test is about the order of things, kept where it is about their times.
 */
interface Script {
  settings?: MfaSettings;
  verify?: () => Promise<unknown>;
  resumeRoute?: Route;
  delays?: Partial<Record<'codeExpiryWarning' | 'codeExpiry', number>>;
}

/** The flow with stand-in calls: every send answers a 0-second resend wait and a 600-second code. */
function start(script: Script = {}) {
  const sent: string[] = [];
  const machine = twoFactorMachine.provide({
    actors: {
      loadTwoFactorSettings: fromPromise(async () => ({
        settings: script.settings ?? mfaPolicy(),
        contacts: phoneAndEmail,
      })),
      sendSecurityCode: fromPromise(
        async ({ input }: { input: { contactBy: 'Phone' | 'Sms' | 'Email' } }) => {
          sent.push(input.contactBy);
          return {
            contactBy: input.contactBy,
            masked: maskedContact.email,
            resendAfterSeconds: 0,
            expiresInSeconds: 600,
          };
        },
      ),
      verifySecurityCode: fromPromise(async () => {
        if (script.verify) await script.verify();
        return { verified: true as const };
      }),
      // Stand-ins read only the input fields they use.
    } as never,
    delays: script.delays ?? {},
  });
  const actor = createActor(machine, {
    input: {
      clientId: 'demo-app',
      sessionId: 's1',
      localeId: 'en_US',
      lookup: { brandId: '1210' },
      resumeRoute: script.resumeRoute,
    },
  }).start();
  const path = () => {
    const route = routeOf(actor.getSnapshot());
    return route && pathOf(route);
  };
  return { actor, sent, path };
}

describe('two-factor flow: the sent code expires (WCAG 2.2.1)', () => {
  beforeAll(async () => {
    await loadErrorMessages();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The flow on a sent code, its clock faked: `wait` moves it on and lets the actors settle. */
  async function onSentCode(script: Script = {}) {
    vi.useFakeTimers();
    const flow = start(script);
    const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);
    await wait(0);
    flow.actor.send({ type: 'user.chooseMethod', contactBy: 'Email' });
    await wait(0);
    const tags = () =>
      (['codeExpiring', 'codeExpired'] as const).filter((tag) => flow.actor.getSnapshot().hasTag(tag));
    return { ...flow, wait, tags };
  }

  it('warns at the warning delay, says expired at the expiry delay, and a new code starts over', async () => {
    const { actor, sent, wait, tags } = await onSentCode({
      delays: { codeExpiryWarning: 1000, codeExpiry: 500 },
    });
    expect(tags()).toEqual([]);
    await wait(999);
    expect(tags()).toEqual([]);
    await wait(1);
    expect(tags()).toEqual(['codeExpiring']);
    // Send a new code is there while it warns (the stand-in's countdown is 0).
    expect(actor.getSnapshot().can({ type: 'user.resendCode' })).toBe(true);
    await wait(500);
    expect(tags()).toEqual(['codeExpired']);
    expect(actor.getSnapshot().can({ type: 'user.resendCode' })).toBe(true);

    actor.send({ type: 'user.resendCode' });
    await wait(0);
    expect(sent).toEqual(['Email', 'Email']);
    expect(actor.getSnapshot().context.notice).toBe('codeResent');
    expect(tags()).toEqual([]);
    await wait(1000);
    expect(tags()).toEqual(['codeExpiring']);
  });

  it('a resend keeps a verification under way: only the expiry count starts over', async () => {
    let answer: (value: unknown) => void = () => {};
    const { actor, wait, tags } = await onSentCode({
      delays: { codeExpiryWarning: 1000, codeExpiry: 500 },
      verify: () => new Promise((resolve) => (answer = resolve)),
    });
    await wait(1500);
    expect(tags()).toEqual(['codeExpired']);
    actor.send({ type: 'user.submitCode', code: '123456', trustDevice: false });
    actor.send({ type: 'user.resendCode' });
    await wait(0);
    expect(actor.getSnapshot().matches({ enteringCode: { code: 'verifying', expiry: 'valid' } })).toBe(true);
    answer({ verified: true });
    await wait(0);
    expect(actor.getSnapshot().output).toEqual({ outcome: 'verified' });
  });

  it("times the warning a minute before the code's own expiry, counted from its send", async () => {
    // The stand-in send answers expiresInSeconds 600: the warning at 540 s, the expiry at 600 s.
    const { actor, wait, tags, path } = await onSentCode();
    const codePath = path();
    await wait(300_000);
    // Away on the options and back (browser back and forward): the count does not start over.
    actor.send({ type: 'route.changed', route: parseRoute('#/twoFactor/options') });
    await wait(100_000);
    actor.send({ type: 'route.changed', route: parseRoute(`#${codePath}`) });
    expect(path()).toBe(codePath);
    await wait(139_999);
    expect(tags()).toEqual([]);
    await wait(1);
    expect(tags()).toEqual(['codeExpiring']);
    await wait(59_999);
    expect(tags()).toEqual(['codeExpiring']);
    await wait(1);
    expect(tags()).toEqual(['codeExpired']);
  });

  it('neither warns nor expires where the lifetime is not known (a reload) or there is none (authenticator)', async () => {
    vi.useFakeTimers();
    const resumeRoute = parseRoute(`#/twoFactor/verify/Email/${encodeURIComponent(maskedContact.email)}`);
    const resumed = start({ resumeRoute });
    const app = start({ settings: mfaPolicy({ secondFactorType: 'TOTP' }) });
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    for (const { actor } of [resumed, app]) {
      expect(actor.getSnapshot().matches({ enteringCode: { expiry: 'unknown' } })).toBe(true);
      expect(actor.getSnapshot().hasTag('codeExpiring') || actor.getSnapshot().hasTag('codeExpired')).toBe(
        false,
      );
    }
  });
});
