import { describe, expect, it } from 'vitest';
import { parseRoute, pathOf, type Route } from './routes.ts';

describe('the SSO routes and the login option route, both ways', () => {
  it.each<[Route, string]>([
    [
      { name: 'ssoOutcome', ssoType: 'google', code: 'SSO_ACCESS_DENIED' },
      '/notification/google/SSO_ACCESS_DENIED',
    ],
    [{ name: 'ssoOutcome', ssoType: 'sso', code: 'API_ERROR_501' }, '/notification/sso/API_ERROR_501'],
    [{ name: 'ssoOutcome', ssoType: 'apple', code: undefined }, '/notification/apple'],
    [
      { name: 'ssoOutcome', ssoType: 'sso', email: 'ssoonly@example.com' },
      '/error/sso/SSO_EMAIL_MISMATCH/ssoonly%40example.com',
    ],
    // Shown escaped by React; the route only has to carry it intact.
    [
      { name: 'ssoOutcome', ssoType: 'apple', email: '<b>x@example.com' },
      '/error/apple/SSO_EMAIL_MISMATCH/%3Cb%3Ex%40example.com',
    ],
    [{ name: 'loginOption' }, '/loginOption'],
  ])('%o ⇄ %s', (route, path) => {
    expect(pathOf(route)).toBe(path);
    expect(parseRoute(`#${path}`)).toEqual(route);
  });

  it.each([
    '#/notification/facebook/SSO_ACCESS_DENIED',
    '#/notification/google/sso_access_denied',
    '#/notification/google/A/B',
    '#/error/sso/SSO_EMAIL_MISMATCH/not-an-email',
    '#/error/sso/SSO_EMAIL_MISMATCH/%E0%A4%A',
    '#/error/sso/SSO_EMAIL_MISMATCH/a%20b%40example.com',
    '#/error/sso/SSO_EMAIL_MISMATCH/a%2Fb%40example.com',
    '#/error/sso/SSO_EMAIL_MISMATCH/',
    `#/error/sso/SSO_EMAIL_MISMATCH/${'a'.repeat(300)}%40example.com`,
    '#/loginOption/x',
  ])('%j is the root', (hash) => expect(parseRoute(hash)).toEqual({ name: 'root' }));

  it('leaves the other /error and /notification routes to their own entries', () => {
    expect(parseRoute('#/error/API_ERROR_501')).toEqual({ name: 'error', code: 'API_ERROR_501' });
    expect(parseRoute('#/error/google/API_ERROR_508')).toEqual({
      name: 'error',
      code: 'google/API_ERROR_508',
    });
    expect(parseRoute('#/notification/FEDRAMP')).toEqual({ name: 'fedrampNotice' });
  });
});
