import { beforeAll, describe, expect, it } from 'vitest';
import { emergencyErrorCodes } from '../../api/contract/emergency.ts';
import {
  countries,
  gbForm,
  homeAddress,
  noForm,
  situations,
  typedHome,
  usForm,
  validations,
} from '../../test/fixtures/emergency.ts';
import { loadErrorMessages } from '../errors.ts';
import { fieldsRefusal, refusal, start, type } from './emergency.machine.testing.ts';

// The emergency flow's device address: the editor, validation, confirmation and registration, in the country and out of it.

beforeAll(() => loadErrorMessages());

describe('the device address (editor → validate → confirm → register)', () => {
  it('checks the spec §5 field rules before any call; each field has its message, and no general one besides', async () => {
    const flow = start(situations.address);
    await flow.settled();
    expect(flow.context().draft?.values).toEqual({ customerName: 'Ada Quill' });
    await flow.send(...type({ street: 'Straße 1', zip: '9400', city: 'x'.repeat(41) }));
    await flow.send({ type: 'user.saveAddress' });
    const errors = flow.context().fieldErrors;
    expect(errors.street).toMatchObject({ id: 'errors.emergency.fieldInvalid', values: { field: 'street' } });
    expect(errors.zip).toMatchObject({ id: 'errors.emergency.fieldInvalid', values: { field: 'zip' } });
    expect(errors.state).toMatchObject({ id: 'errors.emergency.fieldRequired', values: { field: 'state' } });
    expect(errors.city).toMatchObject({
      id: 'errors.emergency.fieldTooLong',
      values: { field: 'city', maxLength: '40' },
    });
    // The editor's error summary names and links each field: 'Validation errors occurred…' is not said.
    expect(flow.context().formError).toBeUndefined();
    expect(flow.calls.map((c) => c.actor)).toEqual(['loadEmergencySituation', 'loadAddressForm']);
    // Typing in a field clears its message.
    await flow.send(...type({ zip: '94002' }));
    expect(flow.context().fieldErrors.zip).toBeUndefined();
  });

  it('validates the normalised address, offers the one suggestion and registers it', async () => {
    const flow = start(situations.address);
    await flow.settled();
    await flow.send(...type({ ...typedHome, street: '  20   davis drive ' }), { type: 'user.saveAddress' });
    expect(flow.last('validateAddress')).toEqual({
      clientId: 'demo-app',
      sessionId: 's-ada',
      address: { country: 'US', ...typedHome, street: '20 davis drive' },
      phoneCountryId: 1,
      addressFormatId: 'US-emergency',
    });
    expect(flow.path()).toBe('/emergencyAddress/confirm');
    await flow.send({ type: 'user.useSuggestion' });
    expect(flow.last('registerVirtualLine')).toEqual({
      clientId: 'demo-app',
      sessionId: 's-ada',
      originalDeviceId: 'dev-1',
      emergencyLocationsEnabled: false,
      addressType: 'OTHER',
      emergencyServiceAddress: homeAddress,
      addressFormatId: 'US-emergency',
      outOfCountryAccepted: false,
    });
    expect(flow.path()).toBe('/emergencyAddress/saved');
    await flow.send({ type: 'user.continue' });
    expect(flow.actor.getSnapshot().output).toEqual({ outcome: 'completed' });
  });

  it("no suggestion: 'No matching address found.' and nothing to use but Edit", async () => {
    const flow = start(situations.address, { validateAddress: () => validations.invalid });
    await flow.settled();
    await flow.send(...type(typedHome), { type: 'user.saveAddress' });
    expect(flow.context().formError?.id).toBe('errors.emergency.noMatch');
    await flow.send({ type: 'user.useSuggestion' });
    expect(flow.path()).toBe('/emergencyAddress/confirm');
    expect(flow.calls.some((c) => c.actor === 'registerVirtualLine')).toBe(false);
    await flow.send({ type: 'user.edit' });
    expect(flow.path()).toBe('/emergencyAddress/edit');
    expect(flow.context().draft?.values.street).toBe(typedHome.street);
  });

  it('several suggestions: the user must choose one, and that one is registered', async () => {
    const flow = start(situations.address, { validateAddress: () => validations.ambiguous });
    await flow.settled();
    await flow.send(...type(typedHome), { type: 'user.saveAddress' });
    expect(flow.context().formError?.id).toBe('errors.emergency.ambiguous');
    await flow.send({ type: 'user.useSuggestion' });
    expect(flow.path()).toBe('/emergencyAddress/confirm');
    await flow.send({ type: 'user.chooseSuggestion', index: 7 });
    expect(flow.context().chosenSuggestion).toBeUndefined();
    await flow.send({ type: 'user.chooseSuggestion', index: 1 }, { type: 'user.useSuggestion' });
    expect(flow.last('registerVirtualLine')).toMatchObject({
      emergencyServiceAddress: validations.ambiguous.suggestions[1],
    });
  });

  it('provisioning: the address as typed is accepted', async () => {
    const flow = start(situations.address, { validateAddress: () => validations.provisioning });
    await flow.settled();
    await flow.send(...type(typedHome), { type: 'user.saveAddress' }, { type: 'user.useSuggestion' });
    expect(flow.last('registerVirtualLine')).toMatchObject({
      emergencyServiceAddress: { country: 'US', ...typedHome },
    });
  });

  it.each([
    [emergencyErrorCodes.notSupported, 'errors.emergency.notSupported'],
    [emergencyErrorCodes.outsideLocalArea, 'errors.emergency.outsideLocalArea'],
    [emergencyErrorCodes.fields, 'errors.emergency.validation'],
  ])('validate-address refuses with %s: %s on the editor', async (errorCode, id) => {
    const flow = start(situations.address, {
      validateAddress: () => {
        throw refusal(703, errorCode);
      },
    });
    await flow.settled();
    await flow.send(...type(typedHome), { type: 'user.saveAddress' });
    expect(flow.path()).toBe('/emergencyAddress/edit');
    expect(flow.context().formError?.id).toBe(id);
  });

  it("the server's EA-FIELDS puts each of its field errors on its field, in the editor, as the page's own check would", async () => {
    const flow = start(situations.address, {
      validateAddress: () => {
        throw fieldsRefusal([
          { field: 'zip', rule: 'invalid' },
          { field: 'street', rule: 'tooLong', maxLength: 100 },
        ]);
      },
    });
    await flow.settled();
    await flow.send(...type(typedHome), { type: 'user.saveAddress' });
    expect(flow.path()).toBe('/emergencyAddress/edit');
    expect(flow.context().fieldErrors).toEqual({
      zip: { id: 'errors.emergency.fieldInvalid', values: { field: 'zip' } },
      street: { id: 'errors.emergency.fieldTooLong', values: { field: 'street', maxLength: '100' } },
    });
    expect(flow.context().formError).toBeUndefined();
  });

  it.each([
    ['names no field of the form', [{ field: 'county', rule: 'input' }]],
    ['is not the contract', [{ field: 'zip', rule: 'made-up' }]],
    ['has no field errors', undefined],
  ])("the server's EA-FIELDS that %s is the general validation message on the editor", async (_, errors) => {
    const flow = start(situations.address, {
      validateAddress: () => {
        throw fieldsRefusal(errors);
      },
    });
    await flow.settled();
    await flow.send(...type(typedHome), { type: 'user.saveAddress' });
    expect(flow.path()).toBe('/emergencyAddress/edit');
    expect(flow.context().fieldErrors).toEqual({});
    expect(flow.context().formError?.id).toBe('errors.emergency.validation');
  });

  it("EA-FIELDS refusing the registration of the device's address reopens the editor with the fields in error", async () => {
    const flow = start(situations.address, {
      registerVirtualLine: () => {
        throw fieldsRefusal([{ field: 'city', rule: 'notEnglish' }]);
      },
    });
    await flow.settled();
    await flow.send(...type(typedHome), { type: 'user.saveAddress' }, { type: 'user.useSuggestion' });
    expect(flow.path()).toBe('/emergencyAddress/edit');
    expect(flow.context().fieldErrors.city).toMatchObject({ id: 'errors.emergency.fieldInvalid' });
    expect(flow.context().notice).toBeUndefined();
  });

  it('a failed registration on a line with no address yet says it failed, and nothing of a previous one', async () => {
    const flow = start(situations.address, {
      registerVirtualLine: () => {
        throw refusal(704, emergencyErrorCodes.registerFailed);
      },
    });
    await flow.settled();
    await flow.send(...type(typedHome), { type: 'user.saveAddress' }, { type: 'user.useSuggestion' });
    expect(flow.path()).toBe('/emergencyAddress/confirm');
    expect(flow.context().formError?.id).toBe('errors.emergency.registerFailed');
    expect(flow.context().notice).toBeUndefined();
  });

  it('a failed registration on a line that had an address keeps it and says so', async () => {
    const flow = start(situations.versionChanged, {
      registerVirtualLine: () => {
        throw refusal(704, emergencyErrorCodes.registerFailed);
      },
    });
    await flow.settled();
    await flow.send({ type: 'user.edit' });
    await flow.settled();
    await flow.send(...type(typedHome), { type: 'user.saveAddress' }, { type: 'user.useSuggestion' });
    expect(flow.path()).toBe('/emergencyAddress/confirm');
    expect(flow.context().formError?.id).toBe('errors.emergency.registerFailed');
    expect(flow.context().notice?.id).toBe('errors.emergency.previousAddressKept');
  });

  it('out of country: the disclaimer, then the country is unlocked and its form replaces this one', async () => {
    const flow = start(situations.address, {
      loadAddressForm: (input) =>
        input.countryId === 224 ? gbForm : input.countryId === 23 ? noForm : usForm,
    });
    await flow.settled();
    await flow.send(...type({ street: '10 Downing St' }));
    await flow.send({ type: 'user.changeCountry', countryId: 224 });
    expect(flow.context().draft?.countryId).toBe(1);
    await flow.send({ type: 'user.outOfCountry' });
    expect(flow.path()).toBe('/emergencyAddress/outOfCountry');
    await flow.send({ type: 'user.back' });
    expect(flow.path()).toBe('/emergencyAddress/edit');
    await flow.send({ type: 'user.outOfCountry' }, { type: 'user.accept' });
    expect(flow.last('loadAddressForm')).toMatchObject({ countryId: 1, withCountries: true });
    // The stand-in answers no list; the flow keeps the one it has (none) and offers only listed ones.
    expect(flow.actor.getSnapshot().can({ type: 'user.outOfCountry' })).toBe(false);
  });
});

describe('out of country with the countries listed', () => {
  it('changes to the UK form, keeps the shared fields, and registers with the disclaimer accepted', async () => {
    const flow = start(situations.address, {
      loadAddressForm: (input) => ({
        ...(input.countryId === 224 ? gbForm : input.countryId === 23 ? noForm : usForm),
        countries: input.withCountries ? countries : undefined,
      }),
      validateAddress: () => validations.validAsIs,
    });
    await flow.settled();
    await flow.send({ type: 'user.outOfCountry' }, { type: 'user.accept' });
    await flow.send(...type({ street: '10 Downing St', state: 'CA' }));
    await flow.send({ type: 'user.changeCountry', countryId: 23 });
    expect(flow.context().formError?.id).toBe('errors.emergency.notSupported');
    expect(flow.context().draft?.countryId).toBe(1);
    await flow.send({ type: 'user.changeCountry', countryId: 224 });
    expect(flow.context().draft?.format.id).toBe('GB-emergency');
    expect(flow.context().draft?.values).toEqual({ customerName: 'Ada Quill', street: '10 Downing St' });
    await flow.send(...type({ city: 'London', zip: 'SW1A 2AA' }), { type: 'user.saveAddress' });
    await flow.send({ type: 'user.useSuggestion' });
    expect(flow.last('registerVirtualLine')).toMatchObject({
      addressType: 'OTHER',
      emergencyServiceAddress: {
        country: 'GB',
        customerName: 'Ada Quill',
        street: '10 Downing St',
        city: 'London',
        zip: 'SW1A 2AA',
      },
      addressFormatId: 'GB-emergency',
      outOfCountryAccepted: true,
    });
  });
});
