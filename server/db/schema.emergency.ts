import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { EmergencyAddress } from '../../api/contract/emergency.ts';
import { oneOf } from './schema.columns.ts';
import { users } from './schema.users.ts';

// Emergency address (E911, docs/emergency-address.md "Server"): a file of its own, beside the core tables (schema.ts).

const at = (name: string) => timestamp(name, { withTimezone: true });

export const CARRIERS = ['platform', 'byoc'] as const;
export const DEVICE_SELECTION_MODES = ['MainDevice', 'AnyDevice'] as const;
export const REGISTERED_TYPES = ['ERL', 'OTHER', 'NO_DEFINED_LOCATION'] as const;
export const STORED_STATUSES = ['Valid', 'Invalid', 'Provisioning', 'Ambiguous'] as const;

/**
 * A user's phone service as the E911 rules see it (spec §3, §6). No row: the account has no phone
 * service and the code request has no E911 step. `device_id` is the digital line's device
 * (register-virtual-line's originalDeviceId).
 */
export const emergencyProfiles = pgTable(
  'emergency_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    countryId: integer('country_id').notNull(),
    deviceId: text('device_id').notNull().unique(),
    hasDigitalLine: boolean('has_digital_line').notNull(),
    carrier: text('carrier').$type<(typeof CARRIERS)[number]>().notNull().default('platform'),
    /** Company ERLs are in use: the user picks a location. */
    emergencyLocationsEnabled: boolean('emergency_locations_enabled').notNull().default(false),
    personalLocationsAllowed: boolean('personal_locations_allowed').notNull().default(false),
    erlLimit: integer('erl_limit').notNull().default(0),
    deviceSelectionMode: text('device_selection_mode')
      .$type<(typeof DEVICE_SELECTION_MODES)[number]>()
      .notNull()
      .default('MainDevice'),
    lastSelectedLocationId: text('last_selected_location_id'),
  },
  (_table) => [
    check('emergency_profiles_carrier', sql.raw(oneOf('carrier', CARRIERS))),
    check('emergency_profiles_mode', sql.raw(oneOf('device_selection_mode', DEVICE_SELECTION_MODES))),
    check('emergency_profiles_erl_limit', sql.raw('erl_limit >= 0')),
  ],
);

/**
 * Emergency response locations: company ones (no owner, defined by the system administrator for the
 * account) and personal ones (owned by a user). `deleted_at`: gone, but a device record may still point
 * at it, which is how the user learns it was deleted (spec §8 ERL deleted).
 */
export const emergencyLocations = pgTable(
  'emergency_locations',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    ownerUserId: integer('owner_user_id').references(() => users.id),
    nickname: text('nickname').notNull(),
    address: jsonb('address').$type<EmergencyAddress>().notNull(),
    addressFormatId: text('address_format_id').notNull(),
    addressStatus: text('address_status').$type<(typeof STORED_STATUSES)[number]>().notNull(),
    createdAt: at('created_at').notNull(),
    deletedAt: at('deleted_at'),
  },
  (table) => [
    index('emergency_locations_account').on(table.accountId),
    index('emergency_locations_owner').on(table.ownerUserId),
    check('emergency_locations_status', sql.raw(oneOf('address_status', STORED_STATUSES))),
  ],
);

/**
 * Spec §3 device emergency address record, one per device (number). `verification_version` is the
 * address verification version it was confirmed under; `locked`: set with the initial order (spec §5).
 */
export const deviceEmergencyAddresses = pgTable(
  'device_emergency_addresses',
  {
    deviceId: text('device_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    phoneNumber: text('phone_number'),
    type: text('type').$type<(typeof REGISTERED_TYPES)[number]>().notNull(),
    locationId: text('location_id').references(() => emergencyLocations.id),
    address: jsonb('address').$type<EmergencyAddress>(),
    addressFormatId: text('address_format_id'),
    addressStatus: text('address_status').$type<(typeof STORED_STATUSES)[number]>(),
    verificationVersion: integer('verification_version').notNull().default(0),
    outOfCountry: boolean('out_of_country').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    registeredAt: at('registered_at'),
  },
  (table) => [
    index('device_emergency_addresses_user').on(table.userId),
    index('device_emergency_addresses_location').on(table.locationId),
    check('device_emergency_addresses_type', sql.raw(oneOf('type', REGISTERED_TYPES))),
    check(
      'device_emergency_addresses_status',
      sql.raw(`address_status IS NULL OR ${oneOf('address_status', STORED_STATUSES)}`),
    ),
  ],
);
