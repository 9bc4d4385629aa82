import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type EmergencyAddress, emergencyErrorReply } from '../../api/contract/emergency.ts';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { deviceEmergencyAddresses } from '../db/schema.emergency.ts';
import { users } from '../db/schema.ts';
import { STATE_DEMO_PASSWORD } from '../db/seed-data.ts';
import { emergencyDeviceId } from '../db/seed-emergency.ts';
import { type CookieJar, cookieJar, getJson, postJson, signInWith } from '../testing/harness.ts';

/** Test support for the E911 suites (not a test): the calls as the SPA makes them, and the seeded demos. */

/** A browser signed in as an E911 demo (`e911`, `erl`, … or a full email). */
export async function signedInAs(app: App, name: string, jar: CookieJar = cookieJar()) {
  const email = name.includes('@') ? name : `${name}@example.com`;
  await signInWith(app, jar, { email, password: STATE_DEMO_PASSWORD });
  return jar;
}

export function emergencyCalls(app: App, jar: CookieJar) {
  const get = async (path: string, query: Record<string, string> = {}) =>
    jar.absorb(
      await getJson(app, `/api/${path}`, { clientId: 'demo-app', ...query }, jar.header || undefined),
    );
  const post = async (path: string, body: Record<string, unknown>) =>
    jar.absorb(await postJson(app, `/api/${path}`, body, jar.header || undefined));
  return {
    get,
    post,
    states: (countryId: number) => get('config/states', { countryId: String(countryId) }),
    formats: (countryId: number) => post('config/address-format', { countryId }),
    contactInfo: () => get('account/extension-contact-info'),
    trackingInfo: () => get('account/extension-tracking-info'),
    devices: (query: Record<string, string> = {}) => get('account/list-device-emergency-address', query),
    locations: () => get('account/list-emergency-locations'),
    addLocation: (body: Record<string, unknown>) => post('account/add-emergency-location', body),
    deleteLocation: (body: Record<string, unknown>) => post('account/delete-emergency-location', body),
    validate: (address: EmergencyAddress, extra: Record<string, unknown> = {}) =>
      post('account/validate-address', {
        address,
        phoneCountryId: 1,
        addressFormatId: `${address.country}-EMERGENCY`,
        ...extra,
      }),
    register: (body: Record<string, unknown>) =>
      post('account/register-virtual-line', { emergencyLocationsEnabled: false, ...body }),
  };
}

/** An E911 refusal: its HTTP status, then status.code, errorCode and the rest of the reply. */
export async function eaFailure(response: Response, httpStatus: number) {
  expect(response.status).toBe(httpStatus);
  return emergencyErrorReply.parse(await response.json());
}

export const usAddress = (overrides: Partial<EmergencyAddress> = {}): EmergencyAddress => ({
  country: 'US',
  customerName: 'Della Marchetti',
  street: '100 Castro St',
  city: 'Mountain View',
  state: 'CA',
  zip: '94041',
  ...overrides,
});

export const ukAddress = (overrides: Partial<EmergencyAddress> = {}): EmergencyAddress => ({
  country: 'GB',
  customerName: 'Harriet Pemberton',
  street: '10 Downing Street',
  city: 'London',
  state: 'WSM',
  zip: 'SW1A 2AA',
  ...overrides,
});

/** The demo's digital line and its current record (undefined: none yet). */
export async function recordOf(db: Database, name: string) {
  const [row] = await db
    .select()
    .from(deviceEmergencyAddresses)
    .where(eq(deviceEmergencyAddresses.deviceId, emergencyDeviceId(name)));
  return row;
}

export const userIdOf = async (db: Database, email: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;
