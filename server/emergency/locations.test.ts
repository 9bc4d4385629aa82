import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addEmergencyLocationReply, deleteEmergencyLocationReply } from '../../api/contract/emergency.ts';
import { deviceEmergencyAddresses, emergencyLocations } from '../db/schema.emergency.ts';
import { auditEvents } from '../db/schema.two-factor.ts';
import { ERL_DEMO_DESK } from '../db/seed-emergency.ts';
import { createTestServer, type TestServer } from '../testing/harness.ts';
import { eaFailure, emergencyCalls, signedInAs, usAddress, userIdOf } from './emergency.testing.ts';

// Each test starts from the seed: erl@ has three personal locations, its limit, "Studio" used by its desk phone.
let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
});
afterEach(() => server.close());

const erlCalls = async (name = 'erl') => emergencyCalls(server.app, await signedInAs(server.app, name));
const NEW_PLACE = usAddress({ street: '1 Main St', city: 'San Mateo', zip: '94401' });
const livePersonal = async () =>
  (
    await server.db
      .select({ id: emergencyLocations.id })
      .from(emergencyLocations)
      .where(
        and(
          eq(emergencyLocations.ownerUserId, await userIdOf(server.db, 'erl@example.com')),
          isNull(emergencyLocations.deletedAt),
        ),
      )
  ).map((row) => row.id);
const deskLocation = async () =>
  (
    await server.db
      .select({ locationId: deviceEmergencyAddresses.locationId })
      .from(deviceEmergencyAddresses)
      .where(eq(deviceEmergencyAddresses.deviceId, ERL_DEMO_DESK.deviceId))
  )[0]?.locationId;

describe('POST /api/account/add-emergency-location', () => {
  it('spec §5 nickname rules: 400, 704, one errorCode each', async () => {
    const erl = await erlCalls();
    const add = (nickname: string) =>
      erl.addLocation({
        nickname,
        address: NEW_PLACE,
        addressFormatId: 'US-EMERGENCY',
        replaceLocationId: 'erl-personal-home',
      });
    for (const [nickname, errorCode] of [
      ['   ', 'EA-NICKNAME-EMPTY'],
      ['<b>Office</b>', 'EA-NICKNAME-SYMBOLS'],
      ['Home/Work', 'EA-NICKNAME-SYMBOLS'],
      ['Café', 'EA-NICKNAME-SYMBOLS'],
      ['N'.repeat(65), 'EA-NICKNAME-LENGTH'],
    ]) {
      const refusal = await eaFailure(await add(nickname as string), 400);
      expect([refusal.status.code, refusal.errorCode]).toEqual([704, errorCode]);
    }
    expect(await livePersonal()).toHaveLength(3);
  });

  it('a nickname in use (any case): EA-NICKNAME-EXISTS with errorParameters.name', async () => {
    const refusal = await eaFailure(
      await (await erlCalls()).addLocation({
        nickname: ' head OFFICE ',
        address: NEW_PLACE,
        addressFormatId: 'US-EMERGENCY',
        replaceLocationId: 'erl-personal-home',
      }),
      409,
    );
    expect(refusal.errorCode).toBe('EA-NICKNAME-EXISTS');
    expect(refusal.status.errorParameters).toEqual({ name: 'head OFFICE' });
  });

  it('the same address as an existing location: EA-LOCATION-EXISTS', async () => {
    const refusal = await eaFailure(
      await (await erlCalls()).addLocation({
        nickname: 'Again',
        address: usAddress({
          street: '100 castro st',
          city: 'Mountain View',
          zip: '94041',
          customerName: 'X',
        }),
        addressFormatId: 'US-EMERGENCY',
        replaceLocationId: 'erl-personal-home',
      }),
      409,
    );
    expect(refusal.errorCode).toBe('EA-LOCATION-EXISTS');
  });

  it('at the limit: EA-LIMIT without replaceLocationId; with it, the new one takes the old one’s place', async () => {
    const erl = await erlCalls();
    const body = { nickname: 'Garage', address: NEW_PLACE, addressFormatId: 'US-EMERGENCY' };
    const limit = await eaFailure(await erl.addLocation(body), 409);
    expect([limit.status.code, limit.errorCode, limit.status.errorParameters]).toEqual([
      704,
      'EA-LIMIT',
      { erlLimit: '3' },
    ]);
    const notMine = await eaFailure(
      await erl.addLocation({ ...body, replaceLocationId: 'erl-company-hq' }),
      404,
    );
    expect(notMine.errorCode).toBe('EA-ERL-DELETED');

    const replaced = await erl.addLocation({ ...body, replaceLocationId: 'erl-personal-studio' });
    expect(replaced.status).toBe(200);
    const { location, replacedLocationId } = addEmergencyLocationReply.parse(await replaced.json()).data;
    expect(replacedLocationId).toBe('erl-personal-studio');
    expect(location).toMatchObject({
      nickname: 'Garage',
      category: 'personal',
      addressStatus: 'Valid',
      inUseByOtherNumber: true,
    });
    expect(location.address).toEqual({ ...NEW_PLACE });
    // One transaction: the old one is gone and the desk phone moved to the new one.
    expect((await livePersonal()).sort()).toEqual(
      ['erl-personal-cabin', 'erl-personal-home', location.locationId].sort(),
    );
    expect(await deskLocation()).toBe(location.locationId);
    const [audit] = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'emergency.location_added'));
    expect(audit?.detail).toEqual({ locationId: location.locationId });
  });

  it('under the limit a location is simply added; the address is checked by the server', async () => {
    const erl = await erlCalls();
    expect((await erl.deleteLocation({ locationId: 'erl-personal-cabin' })).status).toBe(200);
    const ambiguous = await eaFailure(
      await erl.addLocation({
        nickname: 'Garage',
        address: { ...NEW_PLACE, city: 'San Mateoo' },
        addressFormatId: 'US-EMERGENCY',
      }),
      400,
    );
    expect([ambiguous.status.code, ambiguous.errorCode]).toEqual([703, 'EA-NOT-VALIDATED']);
    const outside = await eaFailure(
      await erl.addLocation({
        nickname: 'Garage',
        address: usAddress({ city: 'New York', state: 'NY', zip: '10001' }),
        addressFormatId: 'US-EMERGENCY',
      }),
      400,
    );
    expect(outside.errorCode).toBe('EA-OUTSIDE-LOCAL-AREA');
    const fields = await eaFailure(
      await erl.addLocation({
        nickname: 'Garage',
        address: { ...NEW_PLACE, zip: '' },
        addressFormatId: 'US-EMERGENCY',
      }),
      400,
    );
    expect(fields.fieldErrors).toEqual([{ field: 'zip', rule: 'input' }]);
    const added = await erl.addLocation({
      nickname: 'Garage',
      address: NEW_PLACE,
      addressFormatId: 'US-EMERGENCY',
    });
    expect(added.status).toBe(200);
    expect(addEmergencyLocationReply.parse(await added.json()).data.replacedLocationId).toBeUndefined();
    expect(await livePersonal()).toHaveLength(3);
  });

  it('a user who may not add personal locations: EA-ADD-FAILED', async () => {
    const refusal = await eaFailure(
      await (await erlCalls('noerl')).addLocation({
        nickname: 'Home',
        address: NEW_PLACE,
        addressFormatId: 'US-EMERGENCY',
      }),
      403,
    );
    expect([refusal.status.code, refusal.errorCode]).toEqual([704, 'EA-ADD-FAILED']);
  });
});

describe('POST /api/account/delete-emergency-location', () => {
  it('a personal location no other number uses is deleted', async () => {
    const reply = await (await erlCalls()).deleteLocation({ locationId: 'erl-personal-home' });
    expect(deleteEmergencyLocationReply.parse(await reply.json()).data).toEqual({
      deletedLocationId: 'erl-personal-home',
    });
    expect(await livePersonal()).not.toContain('erl-personal-home');
  });

  it('one in use by another number: EA-ERL-IN-USE with the available ids; with a replacement, moved in one go', async () => {
    const erl = await erlCalls();
    const inUse = await eaFailure(await erl.deleteLocation({ locationId: 'erl-personal-studio' }), 409);
    expect([inUse.status.code, inUse.errorCode]).toEqual([704, 'EA-ERL-IN-USE']);
    expect(inUse.status.errorParameters.availableLocationIds?.split(',')).toEqual([
      'erl-company-hq',
      'erl-company-lab',
      'erl-personal-home',
      'erl-personal-cabin',
    ]);
    expect(await deskLocation()).toBe('erl-personal-studio');
    const badReplacement = await eaFailure(
      await erl.deleteLocation({
        locationId: 'erl-personal-studio',
        replacementLocationId: 'erl-personal-studio',
      }),
      400,
    );
    expect(badReplacement.errorCode).toBe('EA-DELETE-FAILED');
    expect(await livePersonal()).toContain('erl-personal-studio');

    const moved = await erl.deleteLocation({
      locationId: 'erl-personal-studio',
      replacementLocationId: 'erl-company-lab',
    });
    expect(moved.status).toBe(200);
    expect(await deskLocation()).toBe('erl-company-lab');
    expect(await livePersonal()).not.toContain('erl-personal-studio');
  });

  it('a company location: EA-DELETE-FAILED; an unknown or deleted one: EA-ERL-DELETED', async () => {
    const erl = await erlCalls();
    const company = await eaFailure(await erl.deleteLocation({ locationId: 'erl-company-hq' }), 403);
    expect(company.errorCode).toBe('EA-DELETE-FAILED');
    expect((await erl.deleteLocation({ locationId: 'erl-personal-home' })).status).toBe(200);
    const again = await eaFailure(await erl.deleteLocation({ locationId: 'erl-personal-home' }), 404);
    expect([again.status.code, again.errorCode]).toEqual([704, 'EA-ERL-DELETED']);
    // Another user's location is not visible at all.
    const other = await eaFailure(
      await (await erlCalls('noerl')).deleteLocation({ locationId: 'erl-personal-cabin' }),
      404,
    );
    expect(other.errorCode).toBe('EA-ERL-DELETED');
  });
});
