import { describe, expect, it } from 'vitest';
import { parseRoute, pathOf, type Route, routeOf } from './routes.ts';

const email = { kind: 'email', loginEmail: 'ada@example.com', loginId: 'ada@example.com' } as const;
const phone = {
  kind: 'number',
  phoneNumber: '+1 650 555 0100',
  normalizedPhoneNumber: '+16505550100',
  extension: '101',
  loginId: '+16505550100',
} as const;

describe('route table, both ways', () => {
  it.each<[Route, string]>([
    [{ name: 'enterCredential' }, '/enterCredential'],
    [
      { name: 'enterPassword', kind: 'email', credential: 'ada@example.com' },
      '/enterPassword/email/ada%40example.com',
    ],
    [
      { name: 'enterPassword', kind: 'number', credential: '+16505550100#101' },
      '/enterPassword/number/%2B16505550100%23101',
    ],
    [{ name: 'consent' }, '/consent'],
    [{ name: 'error', code: 'API_ERROR_208' }, '/error/API_ERROR_208'],
    [
      { name: 'error', code: 'NO_RCM_PERMISSION/SUNSET_NOTIFICATION' },
      '/error/NO_RCM_PERMISSION/SUNSET_NOTIFICATION',
    ],
    [{ name: 'warning', code: '221' }, '/warning/221'],
    [{ name: 'twoFactorDispatcher' }, '/twoFactor/dispatcher'],
    [{ name: 'twoFactorOptions' }, '/twoFactor/options'],
    [{ name: 'twoFactorSetup' }, '/twoFactor/setupAuthentication'],
    [{ name: 'twoFactorVerify', channel: 'APP', contact: undefined }, '/twoFactor/verify/APP'],
    // The contact in the address is the masked one the server answered, never the real number.
    [
      { name: 'twoFactorVerify', channel: 'Sms', contact: '(•••) •••-••42' },
      `/twoFactor/verify/Sms/${encodeURIComponent('(•••) •••-••42')}`,
    ],
    [
      { name: 'twoFactorVerify', channel: 'Email', contact: 'm••@e••••••.com' },
      `/twoFactor/verify/Email/${encodeURIComponent('m••@e••••••.com')}`,
    ],
  ])('%o ⇄ %s', (route, path) => {
    expect(pathOf(route)).toBe(path);
    expect(parseRoute(`#${path}`)).toEqual(route);
    expect(parseRoute(path)).toEqual(route);
  });

  it.each([
    '',
    '#',
    '#/',
    '#/nowhere',
    '#/enterPassword/sms/x',
    '#/enterPassword/email/%E0%A4%A',
    '#/error/<script>',
    '#/consent/extra',
    '#/twoFactor/verify/Fax/1',
    '#/twoFactor/verify/Sms/%E0%A4%A',
    '#/twoFactor/options/x',
  ])('unknown or malformed %j is the root', (hash) => expect(parseRoute(hash)).toEqual({ name: 'root' }));

  it('ignores a query after the hash path', () => {
    expect(parseRoute('#/consent?x=1')).toEqual({ name: 'consent' });
  });

  it('builds the route of the screen a snapshot shows', () => {
    const snapshot = (tag: string, context: Parameters<typeof routeOf>[0]['context']) => ({
      hasTag: (candidate: string) => candidate === tag,
      context,
    });
    expect(routeOf(snapshot('screen.enterPassword', { credential: phone, failure: undefined }))).toEqual({
      name: 'enterPassword',
      kind: 'number',
      credential: '+16505550100#101',
    });
    expect(routeOf(snapshot('screen.enterPassword', { credential: email, failure: undefined }))?.name).toBe(
      'enterPassword',
    );
    expect(
      routeOf(snapshot('screen.error', { credential: undefined, failure: { code: 'API_ERROR_214' } })),
    ).toEqual({ name: 'error', code: 'API_ERROR_214' });
    expect(
      routeOf(snapshot('screen.progress', { credential: undefined, failure: undefined })),
    ).toBeUndefined();
  });
});
