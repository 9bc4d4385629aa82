import { beforeAll, describe, expect, it } from 'vitest';
import { emergencyErrorCodes } from '../../api/contract/emergency.ts';
import { homeAddress, registered, situations, usForm } from '../../test/fixtures/emergency.ts';
import { emergencyRoutes } from '../emergencyRoutes.ts';
import { loadErrorMessages } from '../errors.ts';
import { type EmergencyRouteName, parseRoute, pathOf } from '../routes.ts';
import { network, refusal, start } from './emergency.machine.testing.ts';
import { callErrors } from './emergencyErrors.ts';

// The emergency flow's routes, its dispatcher and its refusals' messages; the address and the locations pages are in emergency.address.test.ts and emergency.locations.test.ts.

beforeAll(() => loadErrorMessages());

describe('the routes (spec §2 /emergencyAddress family)', () => {
  it('701 and 702 name the spec paths; every page reads back as itself', () => {
    expect(pathOf({ name: 'emergencyLoading' })).toBe('/emergencyAddress');
    expect(pathOf({ name: 'emergencyNoDigitalLine' })).toBe('/emergencyAddress/forbiddenWithoutDL');
    for (const name of Object.keys(emergencyRoutes) as EmergencyRouteName[])
      expect(parseRoute(`#${pathOf({ name })}`)).toEqual({ name });
    expect(parseRoute('#/emergencyAddress/elsewhere')).toEqual({ name: 'root' });
  });
});

describe('the dispatcher (spec §4, docs/emergency-address.md)', () => {
  it('702: the no-digital-line warning, without a call, then on', async () => {
    const flow = start(situations.address, {}, 702);
    expect(flow.path()).toBe('/emergencyAddress/forbiddenWithoutDL');
    expect(flow.calls).toEqual([]);
    await flow.send({ type: 'user.continue' });
    expect(flow.actor.getSnapshot().output).toEqual({ outcome: 'completed' });
  });

  it('701 on a line the tracking info says has no digital line: the same warning', async () => {
    const flow = start(situations.noDigitalLine);
    await flow.settled();
    expect(flow.path()).toBe('/emergencyAddress/forbiddenWithoutDL');
  });

  it.each([
    ['byoc', situations.byoc, '/emergencyAddress/localCarrier'],
    ['no defined locations', situations.noLocations, '/emergencyAddress/noLocations'],
  ] as const)('%s: acknowledged with a NO_DEFINED_LOCATION registration', async (_, situation, path) => {
    const flow = start(situation, {
      registerVirtualLine: () => {
        if (flow.calls.filter((c) => c.actor === 'registerVirtualLine').length === 1)
          throw refusal(704, emergencyErrorCodes.registerFailed);
        return registered;
      },
    });
    expect(flow.path()).toBe('/emergencyAddress');
    await flow.settled();
    expect(flow.path()).toBe(path);
    await flow.send({ type: 'user.continue' });
    expect(flow.last('registerVirtualLine')).toMatchObject({
      originalDeviceId: 'dev-1',
      addressType: 'NO_DEFINED_LOCATION',
    });
    expect(flow.context().formError?.id).toBe('errors.emergency.registerFailed');
    expect(flow.path()).toBe(path);
    await flow.send({ type: 'user.continue' });
    expect(flow.actor.getSnapshot().output).toEqual({ outcome: 'completed' });
  });

  it('an order-locked address is confirmed only: validated again and registered as it is', async () => {
    const flow = start(situations.locked);
    await flow.settled();
    expect(flow.path()).toBe('/emergencyAddress/locked');
    expect(flow.actor.getSnapshot().can({ type: 'user.edit' })).toBe(false);
    await flow.send({ type: 'user.confirmAddress' });
    expect(flow.last('revalidateAddress')).toMatchObject({
      countryId: 1,
      address: homeAddress,
      addressFormatId: 'US-emergency',
      phoneCountryId: 1,
    });
    expect(flow.last('registerVirtualLine')).toMatchObject({
      addressType: 'OTHER',
      emergencyServiceAddress: homeAddress,
      addressFormatId: 'US-emergency',
    });
    expect(flow.path()).toBe('/emergencyAddress/saved');
    expect(flow.context().takesEffectWithinHours).toBe(48);
  });

  it('a changed verification version: the notice, then Confirm offers what validation found', async () => {
    const moved = { ...homeAddress, zip: '94003' };
    const flow = start(situations.versionChanged, {
      revalidateAddress: () => ({ form: usForm, validation: { status: 'Valid', suggestions: [moved] } }),
    });
    await flow.settled();
    expect(flow.path()).toBe('/emergencyAddress/verificationUpdated');
    expect(flow.context().notice?.id).toBe('errors.emergency.versionUpdated');
    await flow.send({ type: 'user.confirmAddress' });
    expect(flow.path()).toBe('/emergencyAddress/confirm');
    expect(flow.context().chosenSuggestion).toBe(0);
    await flow.send({ type: 'user.useSuggestion' });
    expect(flow.last('registerVirtualLine')).toMatchObject({ emergencyServiceAddress: moved });
  });

  it('a changed verification version: Edit opens the editor with the address on record', async () => {
    const flow = start(situations.versionChanged);
    await flow.settled();
    await flow.send({ type: 'user.edit' });
    expect(flow.path()).toBe('/emergencyAddress/edit');
    const { customerName, street, city, state, zip } = homeAddress;
    expect(flow.context().draft?.values).toEqual({ customerName, street, city, state, zip });
    await flow.send({ type: 'user.back' });
    expect(flow.path()).toBe('/emergencyAddress/verificationUpdated');
  });

  it('a location deleted under the user: the chooser opens with its notice', async () => {
    const flow = start(situations.deletedLocation);
    await flow.settled();
    expect(flow.path()).toBe('/emergencyAddress/locations');
    expect(flow.context().notice?.id).toBe('errors.emergency.erlDeleted');
    expect(flow.context().selectedLocationId).toBeUndefined();
  });

  it('the situation fails to load: offline retries, an expired session ends, anything else fails', async () => {
    let attempt = 0;
    const offline = start(situations.address, {
      loadEmergencySituation: () => {
        attempt += 1;
        if (attempt === 1) throw network;
        return situations.address;
      },
    });
    await offline.settled();
    expect(offline.actor.getSnapshot().value).toBe('loadFailed');
    expect(offline.context().formError?.id).toBe('errors.network');
    await offline.send({ type: 'user.retry' });
    expect(offline.path()).toBe('/emergencyAddress/edit');

    const expired = start(situations.address, {
      loadEmergencySituation: () => {
        throw refusal(221);
      },
    });
    await expired.settled();
    expect(expired.actor.getSnapshot().output).toEqual({ outcome: 'sessionExpired' });

    const broken = refusal(704);
    const failed = start(situations.address, {
      loadEmergencySituation: () => {
        throw broken;
      },
    });
    await failed.settled();
    expect(failed.actor.getSnapshot().output).toEqual({ outcome: 'failed', error: broken });
  });
});

describe('every refusal has its message (spec §8 UI_ERROR_EA_*)', () => {
  it.each(Object.values(emergencyErrorCodes))('%s', (errorCode) => {
    const { fieldErrors, formError } = callErrors(refusal(704, errorCode), { lookup: {}, draft: undefined });
    const message = formError ?? fieldErrors.nickname;
    expect(message?.id).toMatch(/^errors\.emergency\./);
  });
  it('703 or 704 without a code is the emergency internal message', () => {
    expect(callErrors(refusal(703), { lookup: {}, draft: undefined }).formError?.id).toBe(
      'errors.emergency.internal',
    );
  });
});
