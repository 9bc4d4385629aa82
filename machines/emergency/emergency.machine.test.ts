import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { emergencyErrorCodes } from '../../api/contract/emergency.ts';
import { ApiError } from '../../api/errors.ts';
import {
  countries,
  emergencyInput,
  gbForm,
  homeAddress,
  noForm,
  registered,
  situations,
  typedHome,
  usForm,
  validations,
} from '../../test/fixtures/emergency.ts';
import { emergencyRoutes } from '../emergencyRoutes.ts';
import { loadErrorMessages } from '../errors.ts';
import { type EmergencyRouteName, parseRoute, pathOf, type RoutedSnapshot, routeOf } from '../routes.ts';
import { emergencyActors } from './emergency.actors.ts';
import { emergencyMachine } from './emergency.machine.ts';
import type { EmergencyEntry, EmergencyEvent, EmergencySituation } from './emergency.types.ts';
import { callErrors } from './emergencyErrors.ts';

const refusal = (code: number, errorCode?: string, errorParameters?: Record<string, string>) =>
  new ApiError({
    code: `API_ERROR_${code}`,
    httpStatus: 400,
    backendMessage: 'refused',
    ...(errorCode ? { errorCode } : {}),
    ...(errorParameters ? { errorParameters } : {}),
  });
/** The server's EA-FIELDS as the client keeps it: its reply, with `fieldErrors`, as it came. */
const fieldsRefusal = (fieldErrors: unknown) =>
  new ApiError({
    code: 'API_ERROR_703',
    httpStatus: 400,
    backendMessage: 'Validation errors occurred in the address fields',
    errorCode: emergencyErrorCodes.fields,
    reply: {
      status: { success: false, code: 703, backendMessage: 'refused' },
      errorCode: emergencyErrorCodes.fields,
      fieldErrors,
    },
  });
const network = new ApiError({ code: 'UI_ERROR_NETWORK' });

type Answers = Partial<Record<keyof typeof emergencyActors, (input: Record<string, unknown>) => unknown>>;

/** The flow in `situation`, every call answered by `answers` (or plainly); calls are recorded. */
function start(situation: EmergencySituation, answers: Answers = {}, code: EmergencyEntry['code'] = 701) {
  const calls: { actor: string; input: Record<string, unknown> }[] = [];
  const plain: Answers = {
    loadEmergencySituation: () => situation,
    loadAddressForm: (input) => (input.countryId === 224 ? gbForm : usForm),
    validateAddress: () => validations.valid,
    revalidateAddress: () => ({ form: usForm, validation: validations.validAsIs }),
    addEmergencyLocation: (input) => ({
      location: {
        locationId: 'new-1',
        nickname: input.nickname,
        address: input.address,
        addressFormatId: input.addressFormatId,
        category: 'personal',
        addressStatus: 'Valid',
        inUseByOtherNumber: false,
      },
      replacedLocationId: input.replaceLocationId,
    }),
    deleteEmergencyLocation: (input) => ({ deletedLocationId: input.locationId }),
    registerVirtualLine: () => registered,
  };
  const actors = Object.fromEntries(
    Object.keys(emergencyActors).map((name) => [
      name,
      fromPromise(async ({ input }: { input: Record<string, unknown> }) => {
        calls.push({ actor: name, input });
        return (answers[name as keyof Answers] ?? plain[name as keyof Answers])?.(input);
      }),
    ]),
  );
  const actor = createActor(emergencyMachine.provide({ actors: actors as never }), {
    input: emergencyInput(code),
  }).start();
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  const send = async (...events: EmergencyEvent[]) => {
    for (const event of events) {
      actor.send(event);
      await settled();
    }
  };
  const path = () => {
    // The flow's context names no route parameters: its snapshot is a RoutedSnapshot all the same.
    const route = routeOf(actor.getSnapshot() as unknown as RoutedSnapshot);
    return route && pathOf(route);
  };
  const last = (name: string) => calls.filter((call) => call.actor === name).at(-1)?.input;
  return { actor, calls, settled, send, path, last, context: () => actor.getSnapshot().context };
}

const type = (values: Record<string, string>): EmergencyEvent[] =>
  Object.entries(values).map(
    ([field, value]) => ({ type: 'user.changeField', field, value }) as EmergencyEvent,
  );

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
