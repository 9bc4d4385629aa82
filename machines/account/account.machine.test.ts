import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/errors.ts';
import { accountInput, ada, adaLogin, linkToken, resetInfo } from '../../test/fixtures/account.ts';
import { type AnalyticsEvent, setAnalyticsSink } from '../analytics.ts';
import { loadErrorMessages } from '../errors.ts';
import { pathOf, routeOf } from '../routes.ts';
import { accountActors } from './account.actors.ts';
import { accountMachine } from './account.machine.ts';
import type { AccountEntry, AccountStart } from './account.types.ts';

const refusal = (code: number, extra: { errorCode?: string; numberOfLastUsedPasswords?: number } = {}) =>
  new ApiError({ code: `API_ERROR_${code}`, httpStatus: 400, backendMessage: 'refused', ...extra });
const mailed = { maskedEmail: 'a***a@e***e.com' };
const strong = 'Lantern-Pier-58';

type Answers = Partial<Record<keyof typeof accountActors, (input: Record<string, unknown>) => unknown>>;

/** The flow with every call answered by `answers` (or succeeding plainly); calls are recorded. */
function start(begin: AccountStart, answers: Answers = {}, loginHint?: string) {
  const calls: { actor: string; input: Record<string, unknown> }[] = [];
  const events: AnalyticsEvent[] = [];
  setAnalyticsSink((event) => events.push(event));
  const plain: Answers = {
    lookUpCredential: () => ({ ...mailed, hasPin: false, ssoEnabled: false }),
    sendRecoveryLink: () => mailed,
    sendExpressLink: () => mailed,
    sendActivationCode: () => mailed,
    resendConfirmation: () => mailed,
    loadResetInfo: () => resetInfo,
    resetPassword: () => ({ loginId: 'ada@example.com' }),
    signInWithExpressLink: () => adaLogin,
    changePassword: () => ({ loginId: 'ada@example.com' }),
    changeLegacyPassword: () => ({ loginId: 'ada@example.com' }),
    activateAccount: () => ({ loginId: 'ada@example.com', activated: true }),
    signInWithActivationCode: () => adaLogin,
    confirmEmail: () => ({ loginId: 'ada@example.com', confirmed: true }),
  };
  const actors = Object.fromEntries(
    Object.keys(accountActors).map((name) => [
      name,
      fromPromise(async ({ input }: { input: Record<string, unknown> }) => {
        calls.push({ actor: name, input });
        return (answers[name as keyof Answers] ?? plain[name as keyof Answers])?.(input);
      }),
    ]),
  );
  const actor = createActor(accountMachine.provide({ actors: actors as never }), {
    input: accountInput(begin, loginHint),
  }).start();
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  const path = () => {
    const route = routeOf(actor.getSnapshot());
    return route && pathOf(route);
  };
  const eventNames = () => events.map((event) => event.name);
  return { actor, calls, settled, path, eventNames, events, context: () => actor.getSnapshot().context };
}

beforeAll(() => loadErrorMessages());
afterEach(() => setAnalyticsSink(undefined));

describe('recovery (spec §2 /resetPassword family)', () => {
  it('sends a reset link by email, with the page query, and ends back at sign-in', async () => {
    const flow = start({ flow: 'recover', route: { name: 'resetPassword' } });
    expect(flow.path()).toBe('/resetPassword');
    flow.actor.send({ type: 'user.chooseRecovery', via: 'email' });
    flow.actor.send({ type: 'user.submit', values: { email: '' } });
    expect(flow.context().fieldErrors.email?.id).toBe('errors.emptyEmail');
    flow.actor.send({ type: 'user.submit', values: { email: ' ada@example.com ' } });
    await flow.settled();
    expect(flow.calls.at(-1)).toMatchObject({
      actor: 'sendRecoveryLink',
      input: { credential: 'ada@example.com', setupPassword: false, returnQuery: 'clientId=demo-app' },
    });
    expect(flow.path()).toBe('/resetPassword/sendEmailSuccess/resetPassword');
    // Spec §9 'reset password', once the link is on its way, with the client and brand ids only.
    expect(flow.events).toEqual([{ name: 'resetPassword', clientId: 'demo-app', brandId: '1210' }]);
    flow.actor.send({ type: 'user.continue' });
    expect(flow.actor.getSnapshot().output).toEqual({ outcome: 'back' });
  });

  it('words the link it emails in the locale chosen on its page (the language selector, in place)', async () => {
    const flow = start({ flow: 'recover', route: { name: 'resetPassword' } });
    flow.actor.send({ type: 'user.chooseRecovery', via: 'email' });
    flow.actor.send({ type: 'user.chooseLocale', localeId: 'ja_JP' });
    expect(flow.path()).toBe('/resetPassword/email');
    flow.actor.send({ type: 'user.submit', values: { email: 'ada@example.com' } });
    await flow.settled();
    expect(flow.calls.at(-1)).toMatchObject({ actor: 'sendRecoveryLink', input: { localeId: 'ja_JP' } });
  });

  it('by phone number looks the account up and says where the link goes before sending it', async () => {
    const flow = start({ flow: 'recover', route: { name: 'resetPasswordNumber' } });
    flow.actor.send({ type: 'user.submit', values: { number: '12' } });
    expect(flow.context().fieldErrors.number?.id).toBe('errors.invalidPhone');
    flow.actor.send({ type: 'user.submit', values: { number: '+1 650 555 0144' } });
    await flow.settled();
    expect(flow.path()).toBe('/resetPassword/sendRecoveryEmail');
    expect(flow.context().maskedEmail).toBe(mailed.maskedEmail);
    flow.actor.send({ type: 'user.send' });
    await flow.settled();
    expect(flow.path()).toBe('/resetPassword/sendEmailSuccess/resetPassword');
  });

  it('a set-up link for login_hint, and a refused send worded on the page', async () => {
    const flow = start(
      { flow: 'recover', route: { name: 'resetPasswordSend', setupPassword: true } },
      { sendRecoveryLink: () => Promise.reject(refusal(413)) },
      'ada@example.com',
    );
    await flow.settled();
    expect(flow.path()).toBe('/resetPassword/sendRecoveryEmail/setupPassword');
    flow.actor.send({ type: 'user.send' });
    await flow.settled();
    expect(flow.calls.at(-1)?.input).toMatchObject({ setupPassword: true });
    expect(flow.context().formError?.id).toBe('errors.resetPassword.emailTooFrequent');
  });

  it('an account without an email is told so on the number page', async () => {
    const flow = start(
      { flow: 'recover', route: { name: 'resetPasswordNumber', number: '+16505550144' } },
      { lookUpCredential: () => ({ hasPin: false, ssoEnabled: false }) },
    );
    flow.actor.send({ type: 'user.submit', values: { number: '+16505550144' } });
    await flow.settled();
    expect(flow.path()).toBe('/resetPassword/number/%2B16505550144');
    expect(flow.context().fieldErrors.number).toBeDefined();
  });
});

describe('create password from the emailed link', () => {
  it('checks every rule before the call, words the server’s PWD-015 with N, and ends on reset complete', async () => {
    let refuse = true;
    const flow = start(
      { flow: 'createPassword', token: linkToken },
      {
        resetPassword: () =>
          refuse
            ? Promise.reject(refusal(402, { errorCode: 'PWD-015', numberOfLastUsedPasswords: 5 }))
            : { loginId: 'ada@example.com' },
      },
    );
    await flow.settled();
    expect(flow.path()).toBe(`/createPassword/${linkToken}`);
    flow.actor.send({ type: 'user.submit', values: { password: strong, passwordRetype: 'other' } });
    expect(flow.context().fieldErrors).toEqual({ passwordRetype: { id: 'errors.form.passwordMismatch' } });
    flow.actor.send({
      type: 'user.submit',
      values: { password: 'Quill-2024x', passwordRetype: 'Quill-2024x' },
    });
    expect(flow.context().fieldErrors.password?.id).toBe('errors.form.accountInfoNotAllowed');
    expect(flow.calls.filter((call) => call.actor === 'resetPassword')).toEqual([]);
    flow.actor.send({ type: 'user.submit', values: { password: strong, passwordRetype: strong } });
    await flow.settled();
    expect(flow.context().fieldErrors.password).toEqual({
      id: 'errors.form.lastUsedPasswords',
      values: { count: '5' },
    });
    expect(flow.eventNames()).toEqual([]);
    refuse = false;
    flow.actor.send({ type: 'user.submit', values: { password: strong, passwordRetype: strong } });
    await flow.settled();
    expect(flow.path()).toBe('/resetComplete');
    // Spec §9 'password reset': only once the new password is saved.
    expect(flow.eventNames()).toEqual(['passwordReset']);
    flow.actor.send({ type: 'user.continue' });
    expect(flow.actor.getSnapshot().output).toEqual({ outcome: 'signIn', loginId: 'ada@example.com' });
  });

  it('an expired link is the link-expired page (spec §8 405)', async () => {
    const expired = refusal(405);
    const flow = start(
      { flow: 'createPassword', token: linkToken },
      { loadResetInfo: () => Promise.reject(expired) },
    );
    await flow.settled();
    expect(flow.actor.getSnapshot().output).toEqual({ outcome: 'failed', error: expired });
  });
});

describe('password changes', () => {
  it('an enforced change sends no current password and lets the code request go on', async () => {
    const flow = start({ flow: 'requiredChange', change: 'enforced', credential: ada });
    await flow.settled();
    expect(flow.path()).toBe('/enforceResetPassword');
    flow.actor.send({ type: 'user.submit', values: { password: strong, passwordRetype: strong } });
    await flow.settled();
    expect(flow.calls.at(-1)).toMatchObject({
      actor: 'changePassword',
      input: { currentPassword: undefined },
    });
    expect(flow.actor.getSnapshot().output).toEqual({ outcome: 'changed' });
  });

  it('a change asks for the current password and the PIN when the account has one', async () => {
    const flow = start(
      { flow: 'changePassword', credential: ada },
      {
        lookUpCredential: () => ({ ...mailed, hasPin: true, ssoEnabled: false }),
        changePassword: ({ currentPassword }) =>
          currentPassword === 'wrong' ? Promise.reject(refusal(407)) : { loginId: 'ada@example.com' },
      },
    );
    await flow.settled();
    expect(flow.path()).toBe('/changePassword/ada%40example.com');
    flow.actor.send({ type: 'user.submit', values: { password: strong, passwordRetype: strong } });
    expect(flow.context().fieldErrors).toMatchObject({
      currentPassword: { id: 'errors.form.emptyCurrentPassword' },
      pin: { id: 'errors.form.emptyNewPin' },
      pinRetype: { id: 'errors.form.emptyPinRetype' },
    });
    const values = { password: strong, passwordRetype: strong, pin: '975318', pinRetype: '975318' };
    flow.actor.send({ type: 'user.submit', values: { ...values, currentPassword: 'wrong' } });
    await flow.settled();
    expect(flow.context().fieldErrors.currentPassword?.id).toBe('errors.form.currentPasswordIncorrect');
    flow.actor.send({ type: 'user.submit', values: { ...values, currentPassword: 'Violet-Harbor-47' } });
    await flow.settled();
    expect(flow.calls.at(-1)?.input).toMatchObject({ pin: '975318', currentPassword: 'Violet-Harbor-47' });
    expect(flow.path()).toBe('/changePasswordSuccess');
    flow.actor.send({ type: 'user.continue' });
    expect(flow.actor.getSnapshot().output).toEqual({ outcome: 'changed' });
  });

  it('a legacy change (319) ends in a new sign-in', async () => {
    const flow = start({ flow: 'legacyChange', credential: ada });
    await flow.settled();
    expect(flow.path()).toBe('/legacyPasswordChange/ada%40example.com');
    flow.actor.send({
      type: 'user.submit',
      values: { currentPassword: '97531864', password: strong, passwordRetype: strong },
    });
    await flow.settled();
    expect(flow.calls.at(-1)).toMatchObject({
      actor: 'changeLegacyPassword',
      input: { username: 'ada@example.com', currentPassword: '97531864', password: strong },
    });
    flow.actor.send({ type: 'user.continue' });
    expect(flow.actor.getSnapshot().output).toEqual({ outcome: 'signIn', loginId: 'ada@example.com' });
  });
});

describe('links and activation', () => {
  it('a used sign-in link (411) is a page of its own; a good one signs in', async () => {
    const used = refusal(411);
    const bad = start(
      { flow: 'expressSignIn', token: linkToken },
      { signInWithExpressLink: () => Promise.reject(used) },
    );
    await bad.settled();
    expect(bad.actor.getSnapshot().output).toEqual({ outcome: 'failed', error: used });
    const good = start({ flow: 'expressSignIn', token: linkToken });
    await good.settled();
    expect(good.actor.getSnapshot().output).toEqual({ outcome: 'authenticated', login: adaLogin });
  });

  it('activation (371): the code by email, then code, password and an answer without the password', async () => {
    const flow = start(
      { flow: 'activate', credential: ada },
      {
        signInWithActivationCode: ({ activationAnswer }) =>
          activationAnswer === 'server says no'
            ? Promise.reject(refusal(400, { errorCode: 'ANSWER-001' }))
            : adaLogin,
      },
    );
    expect(flow.path()).toBe('/activateAccount');
    flow.actor.send({ type: 'user.send' });
    await flow.settled();
    expect(flow.context().emailSent).toBe(true);
    const values = { code: '123 456', currentPassword: 'Violet-Harbor-47' };
    flow.actor.send({ type: 'user.submit', values: { ...values, answer: 'my violet-harbor-47!' } });
    expect(flow.context().fieldErrors.answer?.id).toBe('errors.form.activationAnswerHasPassword');
    flow.actor.send({ type: 'user.submit', values: { ...values, answer: 'server says no' } });
    await flow.settled();
    expect(flow.context().fieldErrors.answer?.id).toBe('errors.form.activationAnswerShort');
    flow.actor.send({ type: 'user.submit', values: { ...values, answer: 'blue heron' } });
    await flow.settled();
    expect(flow.calls.at(-1)?.input).toMatchObject({ pin: '123456', userName: 'ada@example.com' });
    expect(flow.actor.getSnapshot().output).toEqual({ outcome: 'authenticated', login: adaLogin });
  });

  it('an activation link without its account is refused as an expired link', async () => {
    const flow = start({ flow: 'activationLink', token: linkToken, userName: undefined });
    await flow.settled();
    const output = flow.actor.getSnapshot().output as { outcome: string; error: ApiError };
    expect(output.outcome).toBe('failed');
    expect(output.error.code).toBe('API_ERROR_405');
    expect(flow.calls).toEqual([]);
  });

  it('the confirmation link confirms and then asks for a new sign-in', async () => {
    const flow = start({ flow: 'confirmEmailLink', token: linkToken });
    await flow.settled();
    expect(flow.path()).toBe(`/confirmEmail/${linkToken}`);
    flow.actor.send({ type: 'user.continue' });
    expect(flow.actor.getSnapshot().output).toEqual({ outcome: 'signIn', loginId: 'ada@example.com' });
  });
});

describe('where the flow starts, from how the sign-in machine entered it', () => {
  const entered = (entry: AccountEntry, facts: { authenticated?: boolean; credential?: typeof ada } = {}) =>
    createActor(accountMachine, {
      input: { ...accountInput({ flow: 'none' }), start: undefined, entry, ...facts },
    }).start();

  it.each([
    [{ via: 'loginError', code: 319 }, '/legacyPasswordChange/ada%40example.com'],
    [{ via: 'loginError', code: 371 }, '/activateAccount'],
    [{ via: 'loginError', code: 361 }, '/confirmEmail'],
    [{ via: 'passwordChange', kind: 'oneTime' }, '/changeOneTimePassword/ada%40example.com'],
    [{ via: 'passwordChange', kind: 'enforced' }, '/enforceResetPassword'],
    [{ via: 'forgotPassword' }, '/resetPassword/email/ada%40example.com'],
    [{ via: 'expressLink' }, '/expressLink'],
    [{ via: 'address', route: { name: 'createPassword', token: linkToken } }, `/createPassword/${linkToken}`],
  ] as [AccountEntry, string][])('%j → %s', (entry, path) => {
    const actor = entered(entry, { credential: ada });
    const route = routeOf(actor.getSnapshot());
    expect(route && pathOf(route)).toBe(path);
  });

  it('an address the tab cannot resume ends the flow at once (change password needs a session)', () => {
    const route = { name: 'changePassword', credential: 'ada@example.com' } as const;
    expect(entered({ via: 'address', route }, { credential: ada }).getSnapshot().output).toEqual({
      outcome: 'back',
    });
    const signedIn = entered({ via: 'address', route }, { credential: ada, authenticated: true });
    expect(signedIn.getSnapshot().status).toBe('active');
  });
});
