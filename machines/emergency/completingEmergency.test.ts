import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { startupParamsSchema } from '../../api/contract/startup.ts';
import { ApiError } from '../../api/errors.ts';
import { brandConfigFixture, localesFixture } from '../../test/fixtures/api.ts';
import { type AnalyticsEvent, setAnalyticsSink } from '../analytics.ts';
import { routeOf } from '../routes.ts';
import { selectScreen } from '../selectors.ts';
import { signInMachine } from '../signIn.machine.ts';
import type { EmergencyInput, EmergencyOutput } from './emergency.types.ts';

const app = { clientId: 'demo-app', appUrlScheme: 'https://app.example/cb', state: 's1' };
const stored = {
  credential: { kind: 'email', loginEmail: 'ada@example.com', loginId: 'ada@example.com' },
  credentialText: 'ada@example.com',
  authenticated: true,
  sessionId: 's-ada',
} as const;
const codeFor = (code: number) =>
  new ApiError({ code: `API_ERROR_${code}`, httpStatus: 403, backendMessage: 'emergency address' });
const permissions = { clientId: 'demo-app', appName: 'Demo Partner App', permissions: [] };

/**
 * The sign-in machine reloaded on an emergency-address page in a signed-in tab, with the code request
 * answering `answers` in turn and the emergency flow standing in as one that ends with `outcome`.
 */
function reloadOn(hash: string, answers: (number | 'code')[], outcome: EmergencyOutput, uiOptions = '') {
  const requests: Record<string, unknown>[] = [];
  const flowInputs: EmergencyInput[] = [];
  const parsed = startupParamsSchema.parse({ ...app, ...(uiOptions ? { ui_options: uiOptions } : {}) });
  const machine = signInMachine.provide({
    actions: { navigateAway: () => {}, reloadOnSessionExpired: () => {} } as never,
    actors: {
      loadStartup: fromPromise(async () => ({
        clientId: app.clientId,
        params: parsed,
        paramsIssue: undefined,
        brandConfig: brandConfigFixture('1210'),
        locales: localesFixture,
      })),
      loadAppPermissions: fromPromise(async () => permissions),
      requestCode: fromPromise(async ({ input }: { input: Record<string, unknown> }) => {
        requests.push(input);
        const answer = answers[requests.length - 1];
        if (answer !== 'code') throw codeFor(answer ?? 101);
        return { extensionId: '101', accountId: '1', redirectUri: 'https://app.example/cb?code=c1&state=s1' };
      }),
      completeEmergencyAddress: fromPromise(async ({ input }: { input: EmergencyInput }) => {
        flowInputs.push(input);
        return outcome;
      }),
    } as never,
  });
  const actor = createActor(machine, { input: { search: '', hash, stored } }).start();
  return { actor, requests, flowInputs };
}

let events: AnalyticsEvent[] = [];
afterEach(() => {
  setAnalyticsSink(undefined);
  events = [];
});

describe('the emergency flow in the sign-in (spec §4 701, 702)', () => {
  it('a reload on its page asks the code request again; 701 enters the flow, completed asks again with eaCompleted', async () => {
    setAnalyticsSink((event) => events.push(event));
    const { actor, requests, flowInputs } = reloadOn(
      '#/emergencyAddress/edit',
      [701, 'code'],
      { outcome: 'completed' },
      'hide_consent',
    );
    const end = await waitFor(actor, (s) => s.matches('redirecting'));
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ sessionId: 's-ada', eaCompleted: false });
    expect(requests[1]).toMatchObject({ sessionId: 's-ada', eaCompleted: true });
    expect(flowInputs[0]).toMatchObject({ clientId: 'demo-app', brandId: '1210', entry: { code: 701 } });
    expect(end.context.redirectUrl).toBe('https://app.example/cb?code=c1&state=s1');
    // Said by the one request after the flow, not by any later one.
    expect(end.context.eaCompleted).toBe(false);
    expect(events.map((event) => event.name)).toContain('e911Start');
  });

  it('the consent given before the 701 stays given on the second request', async () => {
    const { actor, requests } = reloadOn('#/emergencyAddress/locations', [702, 'code'], {
      outcome: 'completed',
    });
    await waitFor(actor, (s) => s.matches({ authorising: 'consent' }));
    actor.send({ type: 'user.approve' });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(requests.map((r) => [r.consentGiven, r.eaCompleted])).toEqual([
      [true, false],
      [true, true],
    ]);
  });

  it('702 enters the flow for its warning; the screen is the emergency family', async () => {
    const never = fromPromise(() => new Promise<never>(() => {}));
    const parsed = startupParamsSchema.parse({ ...app, ui_options: 'hide_consent' });
    const actor = createActor(
      signInMachine.provide({
        actors: {
          loadStartup: fromPromise(async () => ({
            clientId: app.clientId,
            params: parsed,
            paramsIssue: undefined,
            brandConfig: brandConfigFixture('1210'),
            locales: localesFixture,
          })),
          requestCode: fromPromise(async () => {
            throw codeFor(702);
          }),
          completeEmergencyAddress: never,
        } as never,
      }),
      { input: { search: '', hash: '#/emergencyAddress/forbiddenWithoutDL', stored } },
    ).start();
    const running = await waitFor(actor, (s) => s.matches('completingEmergency'));
    expect(selectScreen(running)).toBe('emergency');
    expect(running.context.emergencyEntry).toEqual({ code: 702 });
    // The stand-in has no pages: no route until the flow's own states name one.
    expect(routeOf(running)).toBeUndefined();
  });

  it('a flow that fails ends on the error page; an expired session on its page', async () => {
    const failure = reloadOn(
      '#/emergencyAddress',
      [701],
      { outcome: 'failed', error: codeFor(704) },
      'hide_consent',
    );
    const failed = await waitFor(failure.actor, (s) => s.matches({ failed: 'error' }));
    expect(failed.context.failure?.code).toBe('API_ERROR_704');
    const expiry = reloadOn('#/emergencyAddress', [701], { outcome: 'sessionExpired' }, 'hide_consent');
    await waitFor(expiry.actor, (s) => s.matches('sessionExpired'));
  });

  it('without a signed-in tab, an emergency page does not resume', async () => {
    const actor = createActor(
      signInMachine.provide({
        actors: {
          loadStartup: fromPromise(async () => ({
            clientId: app.clientId,
            params: startupParamsSchema.parse({ ...app, force: 'true' }),
            paramsIssue: undefined,
            brandConfig: brandConfigFixture('1210'),
            locales: localesFixture,
          })),
        } as never,
      }),
      { input: { search: '', hash: '#/emergencyAddress/edit', stored: {} } },
    ).start();
    const first = await waitFor(actor, (s) => !s.matches('booting'));
    expect(first.matches({ identifying: 'enterCredential' })).toBe(true);
  });
});
