import { describe, expect, it, vi } from 'vitest';
import { getBrand } from '../brand/registry.ts';
import { brandSupportPages, linkHref } from './errorsLinks.ts';
import { pageFor } from './errorsPages.ts';

describe('pages of their own (spec §2)', () => {
  it.each([
    ['API_ERROR_208', 'error', 'errorPage.invalidRedirectTitle', 'errors.invalidRedirect', undefined],
    [
      'API_ERROR_213',
      'error',
      'errorPage.accessRestrictedTitle',
      'errors.accountAccessRestriction',
      undefined,
    ],
    ['API_ERROR_214', 'error', 'errorPage.accessRestrictedTitle', 'errors.geoIpAccessRestriction', undefined],
    [
      'API_ERROR_215',
      'error',
      'errorPage.accessRestrictedTitle',
      'errors.applicationAccessRestriction',
      undefined,
    ],
    ['API_ERROR_703', 'error', 'errorPage.title', 'errors.internal', undefined],
    ['API_ERROR_704', 'error', 'errorPage.title', 'errors.internal', undefined],
    ['API_ERROR_405', 'error', 'errorPage.linkExpiredTitle', 'errors.linkExpired', undefined],
    ['API_ERROR_429', 'error', 'errorPage.tooFrequentTitle', 'errors.tooFrequent', undefined],
    ['INVALID_SESSION_TOKEN', 'error', 'warning.title', 'errors.invalidSession', undefined],
    [
      'INVALID_PARAMETERS',
      'error',
      'errorPage.invalidParametersTitle',
      'errors.invalidParameters',
      undefined,
    ],
    ['UI_ERROR_NETWORK', 'error', 'errorPage.networkTitle', 'errors.network', undefined],
    ['221', 'warning', 'warning.title', 'errors.invalidSession', undefined],
    ['222', 'warning', 'warning.title', 'errors.invalidSession', undefined],
    ['223', 'warning', 'warning.title', 'errors.invalidSession', undefined],
    ['227', 'warning', 'warning.title', 'errors.invalidSession', undefined],
    ['NO_PERMISSION', 'error', 'errorPage.noPermissionTitle', 'errors.noPermission', 'generic'],
    ['NO_RCM_PERMISSION', 'error', 'errorPage.noPermissionTitle', 'errors.noRcmPermission', 'meetings'],
    ['NO_RCM_PERMISSION/SUNSET', 'error', 'errorPage.sunsetTitle', 'errors.rcmSunset', 'sunset'],
    ['NO_RCM_PERMISSION/MIGRATION', 'error', 'errorPage.migrationTitle', 'errors.rcmMigration', 'migration'],
    [
      'NO_RCM_PERMISSION/SUNSET_NOTIFICATION',
      'error',
      'errorPage.sunsetNotificationTitle',
      'errors.rcmSunsetNotification',
      'sunsetNotification',
    ],
  ] as const)('%s on /%s → %s, %s, %s', (code, route, title, id, noPermission) => {
    const page = pageFor(code, route);
    expect(page.title).toBe(title);
    expect(page.message.id).toBe(id);
    expect(page.noPermission).toBe(noPermission);
  });
  it('the generic no-permission page words itself by app type', () => {
    expect(pageFor('NO_PERMISSION', 'error', { appType: 'GLIP' }).message.id).toBe('errors.noPermissionGlip');
  });
  it('an unknown code is the internal error, logged', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(pageFor('NOT_A_PAGE', 'error')).toEqual({
      title: 'errorPage.title',
      message: expect.objectContaining({ id: 'errors.internal' }),
    });
    expect(warn).toHaveBeenCalledWith('Foyer: no message for NOT_A_PAGE');
    warn.mockRestore();
  });
});

describe('message links by brand (spec §8)', () => {
  const orvalle = { brand: getBrand('1210') };
  it.each([
    ['supportPhone', `tel:${getBrand('1210').supportPhone}`],
    ['signUp', getBrand('1210').signUpUrl],
    ['resetPassword', brandSupportPages['1210']?.resetPassword],
    ['help', brandSupportPages['1210']?.help],
  ] as const)('1210 %s → %s', (kind, href) => {
    expect(linkHref(kind, orvalle)).toBe(href);
  });
  it('the brand config sign-up URL wins over the token file', () => {
    expect(linkHref('signUp', { ...orvalle, signupUrl: 'https://join.example.com/' })).toBe(
      'https://join.example.com/',
    );
  });
  it('a brand without the page gets no link', () => {
    expect(linkHref('changePassword', { brand: getBrand('7710') })).toBeUndefined();
    expect(linkHref('help', { brand: getBrand('2010') })).toBeUndefined();
  });
  it('an unsafe URL is refused', () => {
    expect(linkHref('signUp', { ...orvalle, signupUrl: 'javascript:alert(1)' })).toBeUndefined();
  });
});

describe('route codes that name object properties (a hash is text from anywhere)', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('%s gets the generic page', (code) => {
    const page = pageFor(code, 'error', {});
    expect(page.title).toBe('errorPage.title');
    expect(page.message.id).toBe('errors.internal');
    expect(page.noPermission).toBeUndefined();
  });
});
