import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressFormatReply,
  extensionContactInfoReply,
  extensionTrackingInfoReply,
  listDeviceEmergencyAddressReply,
  listEmergencyLocationsReply,
  statesReply,
  validateAddressReply,
} from '../../api/contract/emergency.ts';
import { countryReply } from '../../api/contract/signInReplies.ts';
import { ERL_DEMO_DESK, emergencyDeviceId } from '../db/seed-emergency.ts';
import {
  ADA,
  cookieJar,
  createTestServer,
  getJson,
  signInWith,
  type TestServer,
} from '../testing/harness.ts';
import { SERVED_COUNTRIES } from './address/countries.ts';
import { eaFailure, emergencyCalls, signedInAs, ukAddress, usAddress } from './emergency.testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const calls = async (name: string) => emergencyCalls(server.app, await signedInAs(server.app, name));

describe('GET /api/config/states and POST /api/config/address-format', () => {
  it('answer a signed-in browser with the country’s list and its Emergency format', async () => {
    const e911 = await calls('e911');
    const states = statesReply.parse(await (await e911.states(1)).json()).data.records;
    expect(states[4]).toEqual({ id: 16, name: 'California', isoCode: 'CA', countryId: 1 });
    const formats = addressFormatReply.parse(await (await e911.formats(224)).json()).data.records;
    expect(formats.map((format) => format.id)).toEqual(['GB-EMERGENCY']);
    expect(statesReply.parse(await (await e911.states(75)).json()).data.records).toEqual([]);
    expect(addressFormatReply.parse(await (await e911.formats(188)).json()).data.records).toEqual([]);
  });

  it('GET /api/config/country lists every served country, for the out-of-country editor', async () => {
    const reply = await getJson(server.app, '/api/config/country', { clientId: 'demo-app' });
    const ids = countryReply.parse(await reply.json()).data.records.map((country) => country.id);
    for (const country of SERVED_COUNTRIES) expect(ids).toContain(country.id);
  });

  it('refuse without a session (221) and a bad country id (400)', async () => {
    const anonymous = await getJson(server.app, '/api/config/states', {
      clientId: 'demo-app',
      countryId: '1',
    });
    expect((await eaFailure(anonymous, 401)).status.code).toBe(221);
    const e911 = await calls('e911');
    expect((await eaFailure(await e911.states(299), 400)).status.code).toBe(400);
    expect((await eaFailure(await e911.get('config/states', { countryId: 'x' }), 400)).status.code).toBe(400);
  });
});

describe('extension-contact-info and extension-tracking-info', () => {
  it('prefill the customer name and say what the dispatcher decides from', async () => {
    const e911 = await calls('e911');
    expect(extensionContactInfoReply.parse(await (await e911.contactInfo()).json()).data).toEqual({
      firstName: 'Della',
      lastName: 'Marchetti',
      email: 'e911@example.com',
      phoneNumber: '+16505550145',
    });
    expect(extensionTrackingInfoReply.parse(await (await e911.trackingInfo()).json()).data).toEqual({
      userCountryId: 1,
      userCountryIsoCode: 'US',
      originalDeviceId: emergencyDeviceId('e911'),
      phoneNumber: '+16505550145',
      hasDigitalLine: true,
      carrier: 'platform',
      emergencyLocationsEnabled: false,
      personalLocationsAllowed: false,
      erlLimit: 0,
      deviceSelectionMode: 'MainDevice',
      currentVerificationVersion: 2,
    });
  });

  it.each([
    ['erl', { emergencyLocationsEnabled: true, personalLocationsAllowed: true, erlLimit: 3 }],
    ['noerl', { emergencyLocationsEnabled: true, personalLocationsAllowed: false }],
    ['nodl', { hasDigitalLine: false }],
    ['byoc', { carrier: 'byoc' }],
    ['e911uk@example.co.uk', { userCountryId: 224, userCountryIsoCode: 'GB' }],
  ])('%s', async (name, expected) => {
    const reply = await (await calls(name)).trackingInfo();
    expect(extensionTrackingInfoReply.parse(await reply.json()).data).toMatchObject(expected);
  });

  it('a user without phone service: 404, 704, EA-DIGITAL-LINE-MISSING', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar, ADA);
    const refusal = await eaFailure(await emergencyCalls(server.app, jar).trackingInfo(), 404);
    expect(refusal.status.code).toBe(704);
    expect(refusal.errorCode).toBe('EA-DIGITAL-LINE-MISSING');
  });
});

describe('list-device-emergency-address and list-emergency-locations', () => {
  it('erl@: its desk phone at a personal location; company locations first, the one in use marked', async () => {
    const erl = await calls('erl');
    const devices = listDeviceEmergencyAddressReply.parse(await (await erl.devices()).json()).data;
    expect(devices.userCountryId).toBe(1);
    expect(devices.deviceEmergencyAddresses).toEqual([
      expect.objectContaining({
        deviceId: ERL_DEMO_DESK.deviceId,
        type: 'ERL',
        locationId: 'erl-personal-studio',
        addressStatus: 'Valid',
        locationDeleted: false,
        address: expect.objectContaining({ city: 'San Carlos' }),
      }),
    ]);
    const filtered = await erl.devices({ deviceId: emergencyDeviceId('erl') });
    expect(
      listDeviceEmergencyAddressReply.parse(await filtered.json()).data.deviceEmergencyAddresses,
    ).toEqual([]);

    const locations = listEmergencyLocationsReply.parse(await (await erl.locations()).json()).data;
    expect(locations.erlLimit).toBe(3);
    expect(
      locations.records.map((r) => [r.locationId, r.category, r.nickname, r.inUseByOtherNumber]),
    ).toEqual([
      ['erl-company-hq', 'company', 'Head office', false],
      ['erl-company-lab', 'company', 'Lab', false],
      ['erl-personal-home', 'personal', 'Home', false],
      ['erl-personal-studio', 'personal', 'Studio', true],
      ['erl-personal-cabin', 'personal', 'Cabin', false],
    ]);
  });

  it('e911stale@: the address confirmed under verification version 1', async () => {
    const stale = await calls('e911stale');
    const [record] = listDeviceEmergencyAddressReply.parse(await (await stale.devices()).json()).data
      .deviceEmergencyAddresses;
    expect(record).toMatchObject({
      type: 'OTHER',
      verificationVersion: 1,
      addressStatus: 'Valid',
      locked: false,
    });
  });

  it('noerl@: no locations at all', async () => {
    const reply = await (await calls('noerl')).locations();
    expect(listEmergencyLocationsReply.parse(await reply.json()).data).toEqual({ records: [], erlLimit: 0 });
  });
});

describe('POST /api/account/validate-address', () => {
  const validation = async (response: Response) => {
    expect(response.status).toBe(200);
    return validateAddressReply.parse(await response.json()).data;
  };

  it('Valid, Ambiguous (one or several suggestions) and Invalid', async () => {
    const e911 = await calls('e911');
    expect(await validation(await e911.validate(usAddress({ city: 'mountain view' })))).toEqual({
      status: 'Valid',
      suggestions: [usAddress()],
    });
    const misspelt = await validation(await e911.validate(usAddress({ city: 'Mountian View' })));
    expect(misspelt).toEqual({ status: 'Ambiguous', suggestions: [usAddress()] });
    const several = await validation(await e911.validate(usAddress({ city: 'Palo Alto' })));
    expect(several.status).toBe('Ambiguous');
    expect(several.suggestions.length).toBeGreaterThan(1);
    expect(await validation(await e911.validate(usAddress({ zip: '00000' })))).toEqual({
      status: 'Invalid',
      suggestions: [],
    });
  });

  it('EA-FIELDS with each field at fault, in the form’s order', async () => {
    const e911 = await calls('e911');
    const refusal = await eaFailure(
      await e911.validate(usAddress({ street: 'Calle Ñandú 5', city: '', state: 'XX', zip: '9404' })),
      400,
    );
    expect(refusal.status.code).toBe(703);
    expect(refusal.errorCode).toBe('EA-FIELDS');
    expect(refusal.fieldErrors).toEqual([
      { field: 'street', rule: 'notEnglish' },
      { field: 'city', rule: 'input' },
      { field: 'state', rule: 'invalid' },
      { field: 'zip', rule: 'invalid' },
    ]);
    const long = await eaFailure(
      await e911.validate(usAddress({ customerName: 'A'.repeat(65), state: '' })),
      400,
    );
    expect(long.fieldErrors).toEqual([
      { field: 'customerName', rule: 'tooLong', maxLength: 64 },
      { field: 'state', rule: 'required' },
    ]);
  });

  it('EA-NOT-SUPPORTED for an unknown format or a country that is not the format’s', async () => {
    const e911 = await calls('e911');
    const unknown = await eaFailure(
      await e911.validate(usAddress(), { addressFormatId: 'ZZ-EMERGENCY' }),
      400,
    );
    expect([unknown.status.code, unknown.errorCode]).toEqual([703, 'EA-NOT-SUPPORTED']);
    const mismatch = await eaFailure(
      await e911.validate(usAddress(), { addressFormatId: 'GB-EMERGENCY' }),
      400,
    );
    expect(mismatch.errorCode).toBe('EA-NOT-SUPPORTED');
  });

  it('EA-OUTSIDE-LOCAL-AREA: a 650 number and an address in New York (spec §5)', async () => {
    const e911 = await calls('e911');
    const address = usAddress({ street: '20 W 34th St', city: 'New York', state: 'NY', zip: '10001' });
    const refusal = await eaFailure(await e911.validate(address), 400);
    expect([refusal.status.code, refusal.errorCode]).toEqual([703, 'EA-OUTSIDE-LOCAL-AREA']);
    // The same address checked as one abroad (another phone country) is not a local-area question.
    expect((await e911.validate(address, { phoneCountryId: 224 })).status).toBe(200);
  });

  it('the UK form: a county from the list and a postcode in its format → Provisioning', async () => {
    const uk = await calls('e911uk@example.co.uk');
    expect(await validation(await uk.validate(ukAddress({ state: 'wsm' }), { phoneCountryId: 224 }))).toEqual(
      {
        status: 'Provisioning',
        suggestions: [],
      },
    );
    const refusal = await eaFailure(
      await uk.validate(ukAddress({ zip: 'SW1A' }), { phoneCountryId: 224 }),
      400,
    );
    expect(refusal.fieldErrors).toEqual([{ field: 'zip', rule: 'invalid' }]);
  });
});
