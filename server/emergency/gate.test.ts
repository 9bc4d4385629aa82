import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emergencyLocations, emergencyProfiles } from '../db/schema.emergency.ts';
import { consents, users } from '../db/schema.ts';
import { emergencyDeviceId } from '../db/seed-emergency.ts';
import {
  ADA,
  cookieJar,
  createTestServer,
  expectFailure,
  signInWith,
  type TestServer,
} from '../testing/harness.ts';
import { authorizeSilently, requestCode } from '../two-factor/two-factor.testing.ts';
import { emergencyCalls, signedInAs, usAddress, userIdOf } from './emergency.testing.ts';

// The code request's E911 step (docs/emergency-address.md "The code request's gate").

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
});
afterEach(() => server.close());

const codeOf = async (response: Response) => {
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { redirectUri: string } };
  return new URL(body.data.redirectUri).searchParams.get('code');
};

describe('generate-code and the emergency address', () => {
  it('an account without phone service has no E911 step', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar, ADA);
    expect(await codeOf(await requestCode(server.app, jar))).toMatch(/^[\w-]{43}$/);
  });

  it('701 until an address is registered; eaCompleted alone does not open it (the server looks again)', async () => {
    const jar = await signedInAs(server.app, 'e911');
    expect((await expectFailure(await requestCode(server.app, jar), 403)).code).toBe(701);
    // A page that lies is sent back to the emergency-address step.
    expect((await expectFailure(await requestCode(server.app, jar, { eaCompleted: true }), 403)).code).toBe(
      701,
    );
    const registered = await emergencyCalls(server.app, jar).register({
      originalDeviceId: emergencyDeviceId('e911'),
      addressType: 'OTHER',
      emergencyServiceAddress: usAddress(),
      addressFormatId: 'US-EMERGENCY',
    });
    expect(registered.status).toBe(200);
    expect(await codeOf(await requestCode(server.app, jar, { eaCompleted: true }))).toBeTruthy();
    // And at the next sign-in there is nothing to do.
    expect(await codeOf(await requestCode(server.app, jar))).toBeTruthy();
  });

  it('702 without a digital line, until the page says the warning was shown', async () => {
    const jar = await signedInAs(server.app, 'nodl');
    expect((await expectFailure(await requestCode(server.app, jar), 403)).code).toBe(702);
    expect(await codeOf(await requestCode(server.app, jar, { eaCompleted: true }))).toBeTruthy();
  });

  it.each(['erl', 'noerl', 'byoc', 'e911stale'])('%s@ starts at 701', async (name) => {
    const jar = await signedInAs(server.app, name);
    expect((await expectFailure(await requestCode(server.app, jar), 403)).code).toBe(701);
  });

  it('the UK demo starts at 701 too', async () => {
    const jar = await signedInAs(server.app, 'e911uk@example.co.uk');
    expect((await expectFailure(await requestCode(server.app, jar), 403)).code).toBe(701);
  });

  it('BYOC: an acknowledgement satisfies the gate only while the carrier provisions', async () => {
    const jar = await signedInAs(server.app, 'byoc');
    const acknowledged = await emergencyCalls(server.app, jar).register({
      originalDeviceId: emergencyDeviceId('byoc'),
      addressType: 'NO_DEFINED_LOCATION',
    });
    expect(acknowledged.status).toBe(200);
    expect(await codeOf(await requestCode(server.app, jar, { eaCompleted: true }))).toBeTruthy();
    // The account moves to the platform's own carrier: now an address is needed.
    await server.db
      .update(emergencyProfiles)
      .set({ carrier: 'platform' })
      .where(eq(emergencyProfiles.deviceId, emergencyDeviceId('byoc')));
    expect((await expectFailure(await requestCode(server.app, jar, { eaCompleted: true }), 403)).code).toBe(
      701,
    );
  });

  it('no defined locations: acknowledged, until the administrator defines one', async () => {
    const jar = await signedInAs(server.app, 'noerl');
    const calls = emergencyCalls(server.app, jar);
    const acknowledged = await calls.register({
      originalDeviceId: emergencyDeviceId('noerl'),
      emergencyLocationsEnabled: true,
      addressType: 'NO_DEFINED_LOCATION',
    });
    expect(acknowledged.status).toBe(200);
    expect(await codeOf(await requestCode(server.app, jar))).toBeTruthy();
    const [noerl] = await server.db
      .select({ accountId: users.accountId })
      .from(users)
      .where(eq(users.email, 'noerl@example.com'));
    // The administrator defines a company location for noerl@'s account: the acknowledgement no longer counts.
    await server.db.insert(emergencyLocations).values({
      id: 'erl-noerl-new',
      accountId: noerl?.accountId ?? '',
      ownerUserId: null,
      nickname: 'Office',
      address: usAddress(),
      addressFormatId: 'US-EMERGENCY',
      addressStatus: 'Valid',
      createdAt: new Date(),
    });
    expect((await expectFailure(await requestCode(server.app, jar), 403)).code).toBe(701);
  });

  it('an ERL the administrator deleted sends the user back (701)', async () => {
    const jar = await signedInAs(server.app, 'erl');
    const registered = await emergencyCalls(server.app, jar).register({
      originalDeviceId: emergencyDeviceId('erl'),
      emergencyLocationsEnabled: true,
      addressType: 'ERL',
      emergencyLocationId: 'erl-company-hq',
    });
    expect(registered.status).toBe(200);
    expect(await codeOf(await requestCode(server.app, jar))).toBeTruthy();
    await server.db
      .update(emergencyLocations)
      .set({ deletedAt: new Date() })
      .where(eq(emergencyLocations.id, 'erl-company-hq'));
    expect((await expectFailure(await requestCode(server.app, jar), 403)).code).toBe(701);
  });

  it('prompt=none answers interaction_required while the step is pending, a code once it is done', async () => {
    const jar = await signedInAs(server.app, 'e911');
    await server.db.insert(consents).values({
      userId: await userIdOf(server.db, 'e911@example.com'),
      clientId: 'demo-app',
      scope: 'ReadAccounts',
      grantedAt: new Date(),
    });
    const pending = await authorizeSilently(server.app, jar);
    expect(pending.status).toBe(302);
    expect(pending.params.get('error')).toBe('interaction_required');
    expect(pending.params.get('code')).toBeNull();
    await emergencyCalls(server.app, jar).register({
      originalDeviceId: emergencyDeviceId('e911'),
      addressType: 'OTHER',
      emergencyServiceAddress: usAddress(),
      addressFormatId: 'US-EMERGENCY',
    });
    expect((await authorizeSilently(server.app, jar)).params.get('code')).toMatch(/^[\w-]{43}$/);
  });

  it('prompt=none for a user without a digital line: interaction_required (the warning is a page)', async () => {
    const jar = await signedInAs(server.app, 'nodl');
    await server.db.insert(consents).values({
      userId: await userIdOf(server.db, 'nodl@example.com'),
      clientId: 'demo-app',
      scope: 'ReadAccounts',
      grantedAt: new Date(),
    });
    expect((await authorizeSilently(server.app, jar)).params.get('error')).toBe('interaction_required');
  });
});
