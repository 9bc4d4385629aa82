import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerVirtualLineReply } from '../../api/contract/emergency.ts';
import { deviceEmergencyAddresses } from '../db/schema.emergency.ts';
import { auditEvents } from '../db/schema.two-factor.ts';
import { emergencyDeviceId } from '../db/seed-emergency.ts';
import {
  ADA,
  cookieJar,
  createTestServer,
  RELAXED_LIMITS,
  signInWith,
  type TestServer,
} from '../testing/harness.ts';
import {
  eaFailure,
  emergencyCalls,
  recordOf,
  signedInAs,
  ukAddress,
  usAddress,
} from './emergency.testing.ts';

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
});
afterEach(() => server.close());

const signed = async (name: string) => emergencyCalls(server.app, await signedInAs(server.app, name));
const other = (name: string, address = usAddress(), extra: Record<string, unknown> = {}) => ({
  originalDeviceId: emergencyDeviceId(name),
  addressType: 'OTHER',
  emergencyServiceAddress: address,
  addressFormatId: `${address.country}-EMERGENCY`,
  ...extra,
});
const registered = async (response: Response) => {
  expect(response.status).toBe(200);
  return registerVirtualLineReply.parse(await response.json()).data;
};

describe('POST /api/account/register-virtual-line', () => {
  it('OTHER: registers the validated address under the current version; 48 hours; audited', async () => {
    const e911 = await signed('e911');
    const reply = await registered(
      await e911.register(other('e911', usAddress({ city: ' mountain view ' }))),
    );
    expect(reply.takesEffectWithinHours).toBe(48);
    expect(reply.device).toMatchObject({
      deviceId: emergencyDeviceId('e911'),
      phoneNumber: '+16505550145',
      type: 'OTHER',
      address: usAddress({ city: 'mountain view' }),
      addressFormatId: 'US-EMERGENCY',
      addressStatus: 'Valid',
      verificationVersion: 2,
      locationDeleted: false,
      outOfCountry: false,
      locked: false,
    });
    const [audit] = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'emergency.registered'));
    expect(audit?.detail).toEqual({ addressType: 'OTHER' });
  });

  it('never registers what the validator would refuse, and a refusal leaves the previous record in force', async () => {
    const stale = await signed('e911stale');
    const before = await recordOf(server.db, 'e911stale');
    for (const [address, status, errorCode] of [
      [usAddress({ city: 'Mountian View' }), 400, 'EA-NOT-VALIDATED'],
      [usAddress({ zip: '00000' }), 400, 'EA-NOT-VALIDATED'],
      [usAddress({ city: 'New York', state: 'NY', zip: '10001' }), 400, 'EA-OUTSIDE-LOCAL-AREA'],
      [usAddress({ state: 'ZZ' }), 400, 'EA-FIELDS'],
    ] as const) {
      const refusal = await eaFailure(await stale.register(other('e911stale', address)), status);
      expect([refusal.status.code, refusal.errorCode]).toEqual([703, errorCode]);
    }
    expect(await recordOf(server.db, 'e911stale')).toEqual(before);
    const refused = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'emergency.refused'));
    expect(refused.map((event) => event.detail)).toContainEqual({
      addressType: 'OTHER',
      policyCode: 'EA-NOT-VALIDATED',
    });
  });

  it('confirming a stale address registers it again under the current version', async () => {
    const stale = await signed('e911stale');
    const address = (await recordOf(server.db, 'e911stale'))?.address;
    if (!address) throw new Error('no seeded address');
    const reply = await registered(await stale.register(other('e911stale', address)));
    expect(reply.device.verificationVersion).toBe(2);
  });

  it('outside the user’s country only with the disclaimer accepted; the local-area rule is not asked abroad', async () => {
    const e911 = await signed('e911');
    const abroad = other('e911', ukAddress());
    const refusal = await eaFailure(await e911.register(abroad), 409);
    expect([refusal.status.code, refusal.errorCode]).toEqual([703, 'EA-OUT-OF-COUNTRY']);
    expect(await recordOf(server.db, 'e911')).toBeUndefined();
    const reply = await registered(await e911.register({ ...abroad, outOfCountryAccepted: true }));
    expect(reply.device).toMatchObject({
      outOfCountry: true,
      addressStatus: 'Provisioning',
      addressFormatId: 'GB-EMERGENCY',
    });
  });

  it('the UK demo registers a UK address (Provisioning: the postcode’s format is what can be checked)', async () => {
    const uk = await signed('e911uk@example.co.uk');
    const reply = await registered(await uk.register(other('e911uk', ukAddress())));
    expect(reply.device).toMatchObject({ outOfCountry: false, addressStatus: 'Provisioning' });
  });

  it('ERL: a company or personal location; remembered as the last selected one', async () => {
    const erl = await signed('erl');
    const body = {
      originalDeviceId: emergencyDeviceId('erl'),
      emergencyLocationsEnabled: true,
      addressType: 'ERL',
    };
    const reply = await registered(await erl.register({ ...body, emergencyLocationId: 'erl-personal-home' }));
    expect(reply.device).toMatchObject({
      type: 'ERL',
      locationId: 'erl-personal-home',
      address: expect.objectContaining({ city: 'San Francisco' }),
      addressStatus: 'Valid',
    });
    const tracking = (await (await erl.trackingInfo()).json()) as {
      data: { lastSelectedLocationId?: string };
    };
    expect(tracking.data.lastSelectedLocationId).toBe('erl-personal-home');

    const missing = await eaFailure(await erl.register({ ...body, emergencyLocationId: 'erl-nowhere' }), 404);
    expect([missing.status.code, missing.errorCode]).toEqual([704, 'EA-ERL-DELETED']);
    const none = await eaFailure(await erl.register(body), 400);
    expect(none.errorCode).toBe('EA-REGISTER-FAILED');
    const stale = await eaFailure(
      await erl.register({
        ...body,
        emergencyLocationsEnabled: false,
        emergencyLocationId: 'erl-company-hq',
      }),
      409,
    );
    expect(stale.errorCode).toBe('EA-REGISTER-FAILED');
    expect((await recordOf(server.db, 'erl'))?.locationId).toBe('erl-personal-home');
  });

  it('ERL for a user whose locations are not in use, or an acknowledgement with something to register: EA-REGISTER-FAILED', async () => {
    const e911 = await signed('e911');
    const erl = await eaFailure(
      await e911.register({
        originalDeviceId: emergencyDeviceId('e911'),
        addressType: 'ERL',
        emergencyLocationId: 'erl-company-hq',
      }),
      409,
    );
    expect(erl.errorCode).toBe('EA-REGISTER-FAILED');
    const acknowledged = await eaFailure(
      await e911.register({
        originalDeviceId: emergencyDeviceId('e911'),
        addressType: 'NO_DEFINED_LOCATION',
      }),
      409,
    );
    expect([acknowledged.status.code, acknowledged.errorCode]).toEqual([704, 'EA-REGISTER-FAILED']);
  });

  it('no digital line, another device, or no phone service: EA-DIGITAL-LINE-MISSING', async () => {
    const nodl = await eaFailure(await (await signed('nodl')).register(other('nodl')), 404);
    expect([nodl.status.code, nodl.errorCode]).toEqual([704, 'EA-DIGITAL-LINE-MISSING']);
    const e911 = await signed('e911');
    const foreign = await eaFailure(
      await e911.register(other('e911', usAddress(), { originalDeviceId: 'e911-erl-desk' })),
      404,
    );
    expect(foreign.errorCode).toBe('EA-DIGITAL-LINE-MISSING');
    const jar = cookieJar();
    await signInWith(server.app, jar, ADA);
    const ada = await eaFailure(await emergencyCalls(server.app, jar).register(other('ada')), 404);
    expect(ada.errorCode).toBe('EA-DIGITAL-LINE-MISSING');
  });

  it('an address set with the order: EA-ORDER-LOCKED, unchanged', async () => {
    const e911 = await signed('e911');
    await registered(await e911.register(other('e911')));
    await server.db
      .update(deviceEmergencyAddresses)
      .set({ locked: true })
      .where(eq(deviceEmergencyAddresses.deviceId, emergencyDeviceId('e911')));
    const before = await recordOf(server.db, 'e911');
    const refusal = await eaFailure(
      await e911.register(other('e911', usAddress({ street: '200 Castro St' }))),
      409,
    );
    expect([refusal.status.code, refusal.errorCode]).toEqual([704, 'EA-ORDER-LOCKED']);
    expect(await recordOf(server.db, 'e911')).toEqual(before);
  });

  it('malformed bodies are 400 before any rule (no 500)', async () => {
    const e911 = await signed('e911');
    const bad = await eaFailure(await e911.register({ originalDeviceId: '', addressType: 'HOME' }), 400);
    expect(bad.status.code).toBe(400);
    const deep = await eaFailure(await e911.register(other('e911', usAddress({ country: 'usa' }))), 400);
    expect(deep.status.code).toBe(400);
  });
});

describe('the per-IP limit of the account calls', () => {
  it('counts the E911 calls once each and answers 429 past it', async () => {
    const app = server.appWith({ limits: { ...RELAXED_LIMITS, accountPerIpPerMinute: 3 } });
    const calls = emergencyCalls(app, await signedInAs(app, 'e911'));
    for (let call = 0; call < 3; call += 1) expect((await calls.trackingInfo()).status).toBe(200);
    const refused = await calls.validate(usAddress());
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ray-id')).toMatch(/^[0-9a-f]{16}$/);
  });
});
