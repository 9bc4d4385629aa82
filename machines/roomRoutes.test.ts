import { describe, expect, it } from 'vitest';
import { roomEntryOf } from './roomRoutes.ts';
import { parseRoute, pathOf, routeFor } from './routes.ts';

describe('room activation routes', () => {
  it('parses the code page with and without a code, keeping only a loosely valid code', () => {
    expect(parseRoute('#/roomActivation')).toEqual({ name: 'roomActivation', userCode: undefined });
    expect(parseRoute('#/roomActivation/BCDF-GHJK')).toEqual({
      name: 'roomActivation',
      userCode: 'BCDF-GHJK',
    });
    expect(parseRoute('/roomActivation/bcdfghjk')).toEqual({ name: 'roomActivation', userCode: 'bcdfghjk' });
    // Not letters and dashes, or longer than 16: the page still opens, with an empty field.
    for (const segment of ['1234-5678', 'BCDF%20GHJK', 'ABCDEFGHIJKLMNOPQ', '<script>', ''])
      expect(parseRoute(`#/roomActivation/${segment}`), segment).toEqual({
        name: 'roomActivation',
        userCode: undefined,
      });
    expect(parseRoute('#/roomActivation/BCDF/GHJK')).toEqual({ name: 'root' });
  });

  it('parses the two callback pages, each reason by name and nothing else', () => {
    expect(parseRoute('#/roomActivated')).toEqual({ name: 'roomActivated' });
    for (const reason of ['denied', 'expired', 'failed'] as const)
      expect(parseRoute(`#/roomNotActivated/${reason}`)).toEqual({ name: 'roomNotActivated', reason });
    expect(parseRoute('#/roomNotActivated/constructor')).toEqual({ name: 'root' });
    expect(parseRoute('#/roomNotActivated')).toEqual({ name: 'root' });
  });

  it('builds the paths back, the code page without the code the flow holds', () => {
    expect(pathOf({ name: 'roomActivation', userCode: 'BCDF-GHJK' })).toBe('/roomActivation/BCDF-GHJK');
    expect(pathOf(routeFor('roomActivation', {}) ?? { name: 'root' })).toBe('/roomActivation');
    expect(pathOf({ name: 'roomActivated' })).toBe('/roomActivated');
    expect(routeFor('roomNotActivated', { notActivatedReason: 'expired' })).toEqual({
      name: 'roomNotActivated',
      reason: 'expired',
    });
    expect(routeFor('roomNotActivated', {})).toBeUndefined();
  });

  it('maps a start-up route to the flow entry, and any other route to none', () => {
    expect(roomEntryOf(parseRoute('#/roomActivation/BCDF-GHJK'))).toEqual({
      kind: 'enterCode',
      userCode: 'BCDF-GHJK',
    });
    expect(roomEntryOf(parseRoute('#/roomActivation'))).toEqual({ kind: 'enterCode', userCode: undefined });
    expect(roomEntryOf(parseRoute('#/roomActivated'))).toEqual({ kind: 'activated' });
    expect(roomEntryOf(parseRoute('#/roomNotActivated/denied'))).toEqual({
      kind: 'notActivated',
      reason: 'denied',
    });
    expect(roomEntryOf({ name: 'consent' })).toBeUndefined();
    expect(roomEntryOf({ name: 'root' })).toBeUndefined();
  });
});
