import { inArray } from 'drizzle-orm';
import type { EmergencyAddress } from '../../api/contract/emergency.ts';
import { DEFAULT_EMERGENCY_SETTINGS } from '../emergency/emergency.settings.ts';
import type { Database } from './client.ts';
import { deviceEmergencyAddresses, emergencyLocations, emergencyProfiles } from './schema.emergency.ts';
import { users } from './schema.ts';
import { DEFAULT_BRAND_ID } from './seed-brands.ts';

/**
 * Emergency-address demos (docs/emergency-address.md "Server", README), password STATE_DEMO_PASSWORD.
 * Names are invented; phone numbers are in ranges reserved for fiction (555-01xx, Ofcom's 07700 900xxx);
 * the addresses are real-format ones whose ZIP, town and state agree in the gazetteer, so the reference
 * validator answers them Valid, and whose state is the one the number's area code serves.
 */
type Profile = Omit<typeof emergencyProfiles.$inferInsert, 'userId' | 'deviceId'>;

export interface EmergencyDemo {
  name: string;
  /** Default example.com. */
  domain?: string;
  brandId?: string;
  displayName: string;
  phoneNumber: string;
  profile: Profile;
}

/** Every E911 demo's digital line is the device `e911-{name}`. */
export const emergencyDeviceId = (name: string) => `e911-${name}`;

const US = 1;
const UK = 224;
const CANADA = 39;

export const EMERGENCY_DEMOS: EmergencyDemo[] = [
  // US, address mode, no address yet: 701 → the editor.
  {
    name: 'e911',
    displayName: 'Della Marchetti',
    phoneNumber: '+16505550145',
    profile: { countryId: US, hasDigitalLine: true },
  },
  // The same on the UK brand: the UK form (post town, county list, postcode).
  {
    name: 'e911uk',
    domain: 'example.co.uk',
    brandId: '7710',
    displayName: 'Harriet Pemberton',
    phoneNumber: '+447700900145',
    profile: { countryId: UK, hasDigitalLine: true },
  },
  // Company ERLs in use, personal ones allowed and exactly at the limit; no record yet: 701 → choose.
  {
    name: 'erl',
    displayName: 'Ezra Whitlock',
    phoneNumber: '+16505550146',
    profile: {
      countryId: US,
      hasDigitalLine: true,
      emergencyLocationsEnabled: true,
      personalLocationsAllowed: true,
      erlLimit: 3,
    },
  },
  // ERLs in use but none defined, and no personal ones allowed: 701 → "contact your administrator".
  {
    name: 'noerl',
    displayName: 'Noemi Carrow',
    phoneNumber: '+16505550147',
    profile: { countryId: US, hasDigitalLine: true, emergencyLocationsEnabled: true },
  },
  // No digital line: 702 → the warning.
  {
    name: 'nodl',
    displayName: 'Dorian Pike',
    phoneNumber: '+16505550148',
    profile: { countryId: US, hasDigitalLine: false },
  },
  // The local carrier provisions the address: 701 → acknowledge.
  {
    name: 'byoc',
    displayName: 'Bianca Oyelaran',
    phoneNumber: '+16505550149',
    profile: { countryId: US, hasDigitalLine: true, carrier: 'byoc' },
  },
  // A valid address confirmed under an older verification version: 701 → edit or confirm.
  {
    name: 'e911stale',
    displayName: 'Stellan Voss',
    phoneNumber: '+14155550150',
    profile: { countryId: US, hasDigitalLine: true },
  },
  // Canada on the Canadian meeting-app brand, a Toronto number, no address yet: 701 → the Canadian form.
  {
    name: 'e911ca',
    brandId: '7310',
    displayName: 'Colette Ashgrove',
    phoneNumber: '+14165550152',
    profile: { countryId: CANADA, hasDigitalLine: true },
  },
];

export const emergencyDemoEmail = (demo: Pick<EmergencyDemo, 'name' | 'domain'>) =>
  `${demo.name}@${demo.domain ?? 'example.com'}`;

export const EMERGENCY_DEMO_BRAND = DEFAULT_BRAND_ID;

const us = (
  street: string,
  city: string,
  state: string,
  zip: string,
  customerName: string,
): EmergencyAddress => ({
  country: 'US',
  customerName,
  street,
  city,
  state,
  zip,
});

/** erl@'s account: two company locations and three personal ones (its limit), one used by its desk phone. */
export const ERL_DEMO_LOCATIONS = {
  company: [
    {
      id: 'erl-company-hq',
      nickname: 'Head office',
      address: us('100 Castro St', 'Mountain View', 'CA', '94041', 'Ezra Whitlock'),
    },
    {
      id: 'erl-company-lab',
      nickname: 'Lab',
      address: us('400 Hamilton Ave', 'Palo Alto', 'CA', '94301', 'Ezra Whitlock'),
    },
  ],
  personal: [
    {
      id: 'erl-personal-home',
      nickname: 'Home',
      address: us('25 Bryant St', 'San Francisco', 'CA', '94105', 'Ezra Whitlock'),
    },
    {
      id: 'erl-personal-studio',
      nickname: 'Studio',
      address: us('12 Laurel St', 'San Carlos', 'CA', '94070', 'Ezra Whitlock'),
    },
    {
      id: 'erl-personal-cabin',
      nickname: 'Cabin',
      address: us('8 Lake Blvd', 'Redwood City', 'CA', '94063', 'Ezra Whitlock'),
    },
  ],
} as const;

/** erl@'s second number, registered at its "Studio" location (spec §4: a location in use by another number). */
export const ERL_DEMO_DESK = { deviceId: 'e911-erl-desk', phoneNumber: '+16505550151' };

/** The verification version e911stale@'s address was confirmed under (older than the one in force). */
export const STALE_VERIFICATION_VERSION = 1;

/** Idempotent, like seed(): rows are only inserted when missing. */
export async function seedEmergency(db: Database, at: Date): Promise<void> {
  const emails = EMERGENCY_DEMOS.map(emergencyDemoEmail);
  const rows = await db
    .select({ id: users.id, email: users.email, accountId: users.accountId })
    .from(users)
    .where(inArray(users.email, emails));
  const userOf = (name: string) => {
    const demo = EMERGENCY_DEMOS.find((candidate) => candidate.name === name);
    const row = demo && rows.find((candidate) => candidate.email === emergencyDemoEmail(demo));
    if (!row) throw new Error(`E911 demo ${name} was not seeded`);
    return row;
  };
  await db
    .insert(emergencyProfiles)
    .values(
      EMERGENCY_DEMOS.map((demo) => ({
        ...demo.profile,
        userId: userOf(demo.name).id,
        deviceId: emergencyDeviceId(demo.name),
      })),
    )
    .onConflictDoNothing();

  const erl = userOf('erl');
  const locations = [
    ...ERL_DEMO_LOCATIONS.company.map((entry) => ({ ...entry, ownerUserId: null })),
    ...ERL_DEMO_LOCATIONS.personal.map((entry) => ({ ...entry, ownerUserId: erl.id })),
  ].map((entry, index) => ({
    ...entry,
    accountId: erl.accountId,
    addressFormatId: 'US-EMERGENCY',
    addressStatus: 'Valid' as const,
    // A millisecond apart, so lists keep the order they are written in here.
    createdAt: new Date(at.getTime() + index),
  }));
  await db.insert(emergencyLocations).values(locations).onConflictDoNothing();

  const stale = userOf('e911stale');
  await db
    .insert(deviceEmergencyAddresses)
    .values([
      {
        deviceId: ERL_DEMO_DESK.deviceId,
        userId: erl.id,
        phoneNumber: ERL_DEMO_DESK.phoneNumber,
        type: 'ERL',
        locationId: 'erl-personal-studio',
        addressStatus: 'Valid',
        verificationVersion: DEFAULT_EMERGENCY_SETTINGS.currentVerificationVersion,
        registeredAt: at,
      },
      {
        deviceId: emergencyDeviceId('e911stale'),
        userId: stale.id,
        phoneNumber: '+14155550150',
        type: 'OTHER',
        address: us('1 Market St', 'San Francisco', 'CA', '94105', 'Stellan Voss'),
        addressFormatId: 'US-EMERGENCY',
        addressStatus: 'Valid',
        verificationVersion: STALE_VERIFICATION_VERSION,
        registeredAt: at,
      },
    ])
    .onConflictDoNothing();
}
