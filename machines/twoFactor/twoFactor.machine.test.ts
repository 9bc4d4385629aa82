import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ContactOption, MfaSettings } from '../../api/contract/twoFactor.ts';
import { ApiError } from '../../api/errors.ts';
import { mfaPolicy, phoneAndEmail } from '../../test/fixtures/twoFactor.ts';
import { loadErrorMessages } from '../errors.ts';
import { parseRoute, pathOf, type Route, routeOf } from '../routes.ts';
import { twoFactorMachine } from './twoFactor.machine.ts';
import type { TwoFactorInput } from './twoFactor.types.ts';

const policy = mfaPolicy;
const failure = (code: number, rayId?: string) =>
  new ApiError({ code: `API_ERROR_${code}`, httpStatus: 400, backendMessage: 'refused', rayId });

interface Script {
  settings?: MfaSettings;
  contacts?: ContactOption[];
  load?: () => Promise<never>;
  send?: (contactBy: string) => Promise<unknown>;
  verify?: (code: string) => Promise<unknown>;
  resumeRoute?: Route;
  /** Stand-ins for the flow's named delays (the resend countdown, the code's expiry warning and expiry). */
  delays?: Partial<Record<'resendCooldown' | 'codeExpiryWarning' | 'codeExpiry', number>>;
}

function start(script: Script = {}) {
  const sent: string[] = [];
  /** The locale each send asked the server to word its code in. */
  const sentIn: string[] = [];
  const verified: { code: string; trustDevice: boolean; contactBy: string }[] = [];
  const machine = twoFactorMachine.provide({
    actors: {
      loadTwoFactorSettings: fromPromise(
        script.load ??
          (async () => ({
            settings: script.settings ?? policy(),
            contacts: script.contacts ?? phoneAndEmail,
          })),
      ),
      sendSecurityCode: fromPromise(
        async ({ input }: { input: { contactBy: 'Phone' | 'Sms' | 'Email'; localeId: string } }) => {
          sent.push(input.contactBy);
          sentIn.push(input.localeId);
          if (script.send) await script.send(input.contactBy);
          return {
            contactBy: input.contactBy,
            masked: '(•••) •••-••42',
            resendAfterSeconds: 0,
            expiresInSeconds: 600,
          };
        },
      ),
      verifySecurityCode: fromPromise(
        async ({ input }: { input: { code: string; trustDevice: boolean; contactBy: string } }) => {
          verified.push(input);
          if (script.verify) await script.verify(input.code);
          return { verified: true as const };
        },
      ),
      loadTotpEnrolment: fromPromise(async () => ({
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
        otpauthUri: 'otpauth://totp/Foyer:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
        issuer: 'Foyer',
        accountName: 'ada@example.com',
      })),
      verifyTotpEnrolment: fromPromise(async ({ input }: { input: { code: string } }) => {
        if (input.code !== '123456') throw failure(315);
        return { verified: true as const };
      }),
      copySecret: fromPromise(async () => undefined),
      // Stand-ins read only the input fields they check.
    } as never,
    delays: script.delays ?? {},
  });
  const input: TwoFactorInput = {
    clientId: 'demo-app',
    sessionId: 's1',
    localeId: 'en_US',
    lookup: { brandId: '1210' },
    resumeRoute: script.resumeRoute,
  };
  const actor = createActor(machine, { input }).start();
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  const path = () => {
    const route = routeOf(actor.getSnapshot());
    return route && pathOf(route);
  };
  return { actor, sent, sentIn, verified, settled, path };
}

describe('two-factor flow', () => {
  beforeAll(async () => {
    await loadErrorMessages();
  });

  it('words the codes it sends in the locale chosen meanwhile (the language selector, in place)', async () => {
    const { actor, sent, sentIn, settled, path } = start({ delays: { resendCooldown: 0 } });
    await settled();
    actor.send({ type: 'user.chooseLocale', localeId: 'de_DE' });
    expect(path()).toBe('/twoFactor/options');
    actor.send({ type: 'user.chooseMethod', contactBy: 'Email' });
    await settled();
    await settled();
    actor.send({ type: 'user.chooseLocale', localeId: 'fr_FR' });
    actor.send({ type: 'user.resendCode' });
    await settled();
    expect(sent).toEqual(['Email', 'Email']);
    expect(sentIn).toEqual(['de_DE', 'fr_FR']);
  });

  it('offers the options when nothing else decides, sends the chosen code and verifies it', async () => {
    const { actor, sent, verified, settled, path } = start();
    await settled();
    expect(path()).toBe('/twoFactor/options');
    actor.send({ type: 'user.chooseMethod', contactBy: 'Sms' });
    await settled();
    expect(sent).toEqual(['Sms']);
    expect(path()).toBe(`/twoFactor/verify/Sms/${encodeURIComponent('(•••) •••-••42')}`);
    actor.send({ type: 'user.submitCode', code: '', trustDevice: false });
    expect(actor.getSnapshot().context.fieldError?.id).toBe('errors.emptyCode');
    actor.send({ type: 'user.submitCode', code: ' 123-456 ', trustDevice: true });
    await settled();
    expect(verified).toEqual([
      { clientId: 'demo-app', sessionId: 's1', contactBy: 'Sms', code: '123456', trustDevice: true },
    ]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'verified' });
  });

  it('goes to the authenticator code first when one is enrolled (spec §4 dispatcher)', async () => {
    const { settled, path } = start({ settings: policy({ secondFactorType: 'TOTP' }) });
    await settled();
    expect(path()).toBe('/twoFactor/verify/APP');
  });

  it('goes to setup when the administrator requires an authenticator that is not set up', async () => {
    const { actor, settled, path } = start({ settings: policy({ authenticatorRequired: true }) });
    await settled();
    expect(path()).toBe('/twoFactor/setupAuthentication');
    expect(actor.getSnapshot().can({ type: 'user.chooseAnotherMethod' })).toBe(false);
    actor.send({ type: 'user.continueSetup' });
    actor.send({ type: 'user.submitCode', code: '000000', trustDevice: false });
    await settled();
    expect(actor.getSnapshot().context.fieldError?.id).toBe('errors.mfa.incorrectCode');
    actor.send({ type: 'user.submitCode', code: '123456', trustDevice: false });
    await settled();
    expect(actor.getSnapshot().output).toEqual({ outcome: 'verified' });
  });

  it('steers to email when calls to the number are not available (321)', async () => {
    const { actor, settled, path } = start({
      send: async (contactBy) => {
        if (contactBy === 'Phone') throw failure(321);
      },
    });
    await settled();
    actor.send({ type: 'user.chooseMethod', contactBy: 'Phone' });
    await settled();
    expect(path()).toBe('/twoFactor/options');
    expect(actor.getSnapshot().context.fieldError?.id).toBe('errors.twoFactor.phoneUnavailable');
    expect(actor.getSnapshot().context.unavailable).toEqual(['Phone']);
    // The refused method cannot be chosen again; email can.
    expect(actor.getSnapshot().can({ type: 'user.chooseMethod', contactBy: 'Phone' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.chooseMethod', contactBy: 'Email' })).toBe(true);
  });

  it('words wrong, used and throttled codes, and lets the user retry after the throttle', async () => {
    const codes = [310, 328, 326];
    const { actor, settled } = start({
      verify: async () => {
        throw failure(codes.shift() ?? 310);
      },
    });
    await settled();
    actor.send({ type: 'user.chooseMethod', contactBy: 'Email' });
    await settled();
    actor.send({ type: 'user.submitCode', code: '111111', trustDevice: false });
    await settled();
    expect(actor.getSnapshot().context.fieldError?.id).toBe('errors.twoFactor.invalidSecurityCode');
    actor.send({ type: 'user.submitCode', code: '222222', trustDevice: false });
    await settled();
    expect(actor.getSnapshot().context.fieldError?.id).toBe('errors.mfa.codeUsed');
    actor.send({ type: 'user.submitCode', code: '333333', trustDevice: false });
    await settled();
    expect(actor.getSnapshot().matches({ enteringCode: { code: 'throttled' } })).toBe(true);
    expect(actor.getSnapshot().context.fieldError?.id).toBe('errors.twoFactor.tooManyAttempts');
    expect(actor.getSnapshot().can({ type: 'user.submitCode', code: '1', trustDevice: false })).toBe(false);
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().matches({ enteringCode: { code: 'editing' } })).toBe(true);
  });

  it('lets the code be sent again once the countdown is over, and quotes the ray id of a 429', async () => {
    let refuse = false;
    const { actor, sent, settled } = start({
      send: async () => {
        if (refuse) throw failure(429, 'ray-123');
      },
    });
    await settled();
    actor.send({ type: 'user.chooseMethod', contactBy: 'Email' });
    await settled();
    // The stand-in answers resendAfterSeconds 0, so the countdown ends at once.
    await settled();
    // The first code of the method is "sent"; one asked for again is "resent", with its own time.
    expect(actor.getSnapshot().context.notice).toBe('codeSent');
    const firstAt = actor.getSnapshot().context.codeSentAt;
    expect(firstAt).toBeTypeOf('number');
    expect(actor.getSnapshot().can({ type: 'user.resendCode' })).toBe(true);
    actor.send({ type: 'user.resendCode' });
    await settled();
    expect(sent).toEqual(['Email', 'Email']);
    expect(actor.getSnapshot().context.notice).toBe('codeResent');
    expect(actor.getSnapshot().context.codeSentAt).toBeGreaterThanOrEqual(firstAt ?? 0);
    await settled();
    refuse = true;
    actor.send({ type: 'user.resendCode' });
    await settled();
    expect(actor.getSnapshot().context.fieldError).toMatchObject({ values: { rayId: 'ray-123' } });
  });

  it('resumes the code entry a reload left, without sending another code', async () => {
    const resumeRoute = parseRoute(`#/twoFactor/verify/Email/${encodeURIComponent('m••@e••••••.com')}`);
    const { sent, settled, path } = start({ resumeRoute });
    await settled();
    expect(path()).toBe(pathOf(resumeRoute));
    expect(sent).toEqual([]);
  });

  it('ends with sessionExpired when the session behind it is gone (221)', async () => {
    const { actor, settled } = start({
      load: async () => {
        throw failure(221);
      },
    });
    await settled();
    expect(actor.getSnapshot().output).toEqual({ outcome: 'sessionExpired' });
  });

  it('moves between the options and a code already sent with back and forward', async () => {
    const { actor, settled, path } = start();
    await settled();
    actor.send({ type: 'user.chooseMethod', contactBy: 'Sms' });
    await settled();
    const verifyPath = path();
    actor.send({ type: 'route.changed', route: parseRoute('#/twoFactor/options') });
    expect(path()).toBe('/twoFactor/options');
    actor.send({ type: 'route.changed', route: parseRoute(`#${verifyPath}`) });
    expect(path()).toBe(verifyPath);
    // A code that was never sent cannot be entered by typing its address.
    actor.send({ type: 'route.changed', route: parseRoute('#/twoFactor/verify/APP') });
    expect(path()).toBe(verifyPath);
  });
});
