import { beforeAll, describe, expect, it } from 'vitest';
import { emergencyErrorCodes } from '../../api/contract/emergency.ts';
import { homeAddress, situations, typedHome } from '../../test/fixtures/emergency.ts';
import { loadErrorMessages } from '../errors.ts';
import { refusal, start, type } from './emergency.machine.testing.ts';

// The emergency flow's response locations (spec §4, §6).

beforeAll(() => loadErrorMessages());

describe('emergency response locations (spec §4, §6)', () => {
  it("registers the location chosen; none chosen is 'Please select an Emergency Response Location'", async () => {
    const flow = start(situations.locations);
    await flow.settled();
    expect(flow.path()).toBe('/emergencyAddress/locations');
    await flow.send({ type: 'user.submit' });
    expect(flow.context().formError?.id).toBe('errors.emergency.noLocationSelected');
    await flow.send({ type: 'user.selectLocation', locationId: 'nowhere' });
    expect(flow.context().selectedLocationId).toBeUndefined();
    await flow.send({ type: 'user.selectLocation', locationId: 'hq' }, { type: 'user.submit' });
    expect(flow.last('registerVirtualLine')).toEqual({
      clientId: 'demo-app',
      sessionId: 's-ada',
      originalDeviceId: 'dev-1',
      emergencyLocationsEnabled: true,
      addressType: 'ERL',
      emergencyLocationId: 'hq',
    });
    expect(flow.path()).toBe('/emergencyAddress/saved');
  });

  it('a location deleted while being registered drops out of the list and the user chooses again', async () => {
    const flow = start(situations.locations, {
      registerVirtualLine: () => {
        throw refusal(704, emergencyErrorCodes.erlDeleted);
      },
    });
    await flow.settled();
    await flow.send({ type: 'user.selectLocation', locationId: 'home' }, { type: 'user.submit' });
    expect(flow.path()).toBe('/emergencyAddress/locations');
    expect(flow.context().formError?.id).toBe('errors.emergency.erlDeleted');
    expect(flow.context().situation?.locations.map((l) => l.locationId)).toEqual(['hq', 'cabin']);
    expect(flow.context().selectedLocationId).toBeUndefined();
  });

  it('adds a personal location: nickname rules, validation, save, then registration at it', async () => {
    const flow = start(situations.locations);
    await flow.settled();
    await flow.send({ type: 'user.addLocation' });
    expect(flow.context().purpose).toBe('personalLocation');
    await flow.send(...type(typedHome), { type: 'user.saveAddress' });
    expect(flow.context().fieldErrors.nickname?.id).toBe('errors.emergency.nicknameEmpty');
    await flow.send(...type({ nickname: 'Home <b>' }), { type: 'user.saveAddress' });
    expect(flow.context().fieldErrors.nickname?.id).toBe('errors.emergency.nicknameSymbols');
    await flow.send(...type({ nickname: ' Lake house ' }), { type: 'user.saveAddress' });
    await flow.send({ type: 'user.useSuggestion' });
    expect(flow.last('addEmergencyLocation')).toEqual({
      clientId: 'demo-app',
      sessionId: 's-ada',
      nickname: 'Lake house',
      address: homeAddress,
      addressFormatId: 'US-emergency',
      replaceLocationId: undefined,
    });
    expect(flow.last('registerVirtualLine')).toMatchObject({
      addressType: 'ERL',
      emergencyLocationId: 'new-1',
    });
    expect(flow.path()).toBe('/emergencyAddress/saved');
  });

  it('at the personal limit the new location replaces one the user chooses, in the same call', async () => {
    const flow = start(situations.atLimit);
    await flow.settled();
    await flow.send({ type: 'user.addLocation' }, ...type({ ...typedHome, nickname: 'Lake house' }));
    await flow.send({ type: 'user.saveAddress' }, { type: 'user.useSuggestion' });
    expect(flow.path()).toBe('/emergencyAddress/limit');
    await flow.send({ type: 'user.submit' });
    expect(flow.context().formError?.id).toBe('errors.emergency.noLocationSelected');
    await flow.send({ type: 'user.chooseReplacement', locationId: 'hq' });
    expect(flow.context().replaceLocationId).toBeUndefined();
    await flow.send({ type: 'user.chooseReplacement', locationId: 'home' }, { type: 'user.submit' });
    expect(flow.last('addEmergencyLocation')).toMatchObject({ replaceLocationId: 'home' });
    expect(flow.context().situation?.locations.map((l) => l.locationId)).toEqual(['hq', 'cabin', 'new-1']);
    expect(flow.path()).toBe('/emergencyAddress/saved');
  });

  it('refusals of the new location: the nickname on its field, others on the page', async () => {
    let refuse = refusal(409, emergencyErrorCodes.nicknameExists, { name: 'Lake house' });
    const flow = start(situations.locations, {
      addEmergencyLocation: () => {
        throw refuse;
      },
    });
    await flow.settled();
    await flow.send({ type: 'user.addLocation' }, ...type({ ...typedHome, nickname: 'Lake house' }));
    await flow.send({ type: 'user.saveAddress' }, { type: 'user.useSuggestion' });
    expect(flow.path()).toBe('/emergencyAddress/edit');
    expect(flow.context().fieldErrors.nickname).toMatchObject({
      id: 'errors.emergency.nicknameExists',
      values: { name: 'Lake house' },
    });
    refuse = refusal(409, emergencyErrorCodes.locationExists);
    await flow.send({ type: 'user.saveAddress' }, { type: 'user.useSuggestion' });
    expect(flow.path()).toBe('/emergencyAddress/confirm');
    expect(flow.context().formError?.id).toBe('errors.emergency.locationExists');
    refuse = refusal(409, emergencyErrorCodes.limitReached);
    await flow.send({ type: 'user.useSuggestion' });
    expect(flow.path()).toBe('/emergencyAddress/limit');
    expect(flow.calls.some((c) => c.actor === 'registerVirtualLine')).toBe(false);
  });

  it('a saved location whose registration fails stays listed and selected (no earlier address to keep)', async () => {
    const flow = start(situations.locations, {
      registerVirtualLine: () => {
        throw refusal(704, emergencyErrorCodes.digitalLineMissing);
      },
    });
    await flow.settled();
    await flow.send({ type: 'user.addLocation' }, ...type({ ...typedHome, nickname: 'Lake house' }));
    await flow.send({ type: 'user.saveAddress' }, { type: 'user.useSuggestion' });
    expect(flow.path()).toBe('/emergencyAddress/locations');
    expect(flow.context().selectedLocationId).toBe('new-1');
    expect(flow.context().formError?.id).toBe('errors.emergency.digitalLineMissing');
    expect(flow.context().notice).toBeUndefined();
  });

  it('deletes a personal location; a company one cannot be; one in use needs a replacement', async () => {
    const flow = start(situations.locations);
    await flow.settled();
    await flow.send({ type: 'user.deleteLocation', locationId: 'hq' });
    expect(flow.calls.some((c) => c.actor === 'deleteEmergencyLocation')).toBe(false);
    await flow.send({ type: 'user.selectLocation', locationId: 'home' });
    await flow.send({ type: 'user.deleteLocation', locationId: 'home' });
    expect(flow.last('deleteEmergencyLocation')).toMatchObject({ locationId: 'home' });
    expect(flow.context().situation?.locations.map((l) => l.locationId)).toEqual(['hq', 'cabin']);
    expect(flow.context().selectedLocationId).toBeUndefined();
    await flow.send({ type: 'user.deleteLocation', locationId: 'cabin' });
    expect(flow.path()).toBe('/emergencyAddress/locations/replace');
    expect(flow.context().replacementCandidates).toEqual(['hq']);
    await flow.send({ type: 'user.submit' });
    expect(flow.context().formError?.id).toBe('errors.emergency.noLocationSelected');
    await flow.send({ type: 'user.chooseReplacement', locationId: 'hq' }, { type: 'user.submit' });
    expect(flow.last('deleteEmergencyLocation')).toMatchObject({
      locationId: 'cabin',
      replacementLocationId: 'hq',
    });
    expect(flow.path()).toBe('/emergencyAddress/locations');
    expect(flow.context().situation?.locations.map((l) => l.locationId)).toEqual(['hq']);
  });

  it('the server says another number uses it: its available locations; a failed delete says so', async () => {
    let refuse = refusal(409, emergencyErrorCodes.erlInUse, { availableLocationIds: 'hq, cabin' });
    const flow = start(situations.locations, {
      deleteEmergencyLocation: () => {
        throw refuse;
      },
    });
    await flow.settled();
    await flow.send({ type: 'user.deleteLocation', locationId: 'home' });
    expect(flow.path()).toBe('/emergencyAddress/locations/replace');
    expect(flow.context().replacementCandidates).toEqual(['hq', 'cabin']);
    expect(flow.context().formError?.id).toBe('errors.emergency.erlInUse');
    refuse = refusal(500, emergencyErrorCodes.deleteFailed);
    await flow.send({ type: 'user.chooseReplacement', locationId: 'cabin' }, { type: 'user.submit' });
    expect(flow.path()).toBe('/emergencyAddress/locations/replace');
    expect(flow.context().formError?.id).toBe('errors.emergency.deleteFailed');
    await flow.send({ type: 'user.back' });
    expect(flow.path()).toBe('/emergencyAddress/locations');
  });

  it('back and forward between the chooser, the editor and the confirm page; nothing else', async () => {
    const flow = start(situations.locations);
    await flow.settled();
    const go = (name: string) => flow.send({ type: 'route.changed', route: { name } as never });
    await go('emergencyEditor');
    expect(flow.path()).toBe('/emergencyAddress/locations');
    await flow.send({ type: 'user.addLocation' }, ...type({ ...typedHome, nickname: 'Lake house' }));
    await flow.send({ type: 'user.saveAddress' });
    await go('emergencyEditor');
    expect(flow.path()).toBe('/emergencyAddress/edit');
    await go('emergencyConfirm');
    expect(flow.path()).toBe('/emergencyAddress/confirm');
    await go('emergencyChooseLocation');
    expect(flow.path()).toBe('/emergencyAddress/locations');
    await go('emergencyConfirm');
    expect(flow.path()).toBe('/emergencyAddress/confirm');
    await go('emergencySaved');
    expect(flow.path()).toBe('/emergencyAddress/confirm');
    await go('emergencyEditor');
    await flow.send(...type({ street: '21 Davis Dr' }));
    await go('emergencyConfirm');
    expect(flow.path()).toBe('/emergencyAddress/edit');
  });
});
