import { and, eq, isNull, or } from 'drizzle-orm';
import type { DeviceEmergencyAddress, EmergencyLocation } from '../../api/contract/emergency.ts';
import type { Database } from '../db/client.ts';
import { deviceEmergencyAddresses, emergencyLocations, emergencyProfiles } from '../db/schema.emergency.ts';
import type { Audit } from '../security/audit.ts';
import type { Caller } from '../security/caller-audit.ts';
import type { AddressKnowledge } from './address-check.ts';
import { digitalLineMissing } from './emergency.errors.ts';

export { auditOf, type Caller } from '../security/caller-audit.ts';

/** What the emergency services work with (built once in server/app.ts). */
export interface EmergencyDeps {
  db: Database;
  audit: Audit;
  knowledge: AddressKnowledge;
}

export type Profile = typeof emergencyProfiles.$inferSelect;
export type LocationRow = typeof emergencyLocations.$inferSelect;
export type DeviceRow = typeof deviceEmergencyAddresses.$inferSelect;
/** The database or a transaction on it: everything inside a transaction must use the transaction. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update'>;

/** The caller's phone service; a user without one has no E911 step, and these calls refuse. */
export async function profileOf(db: Queryable, caller: Caller, lock = false): Promise<Profile> {
  const query = db
    .select()
    .from(emergencyProfiles)
    .where(eq(emergencyProfiles.userId, caller.session.user.id));
  const [profile] = lock ? await query.for('update') : await query.limit(1);
  if (!profile) throw digitalLineMissing();
  return profile;
}

/** The live locations the caller may use: the account's company ones first, then the caller's own. */
export async function visibleLocations(db: Queryable, caller: Caller): Promise<LocationRow[]> {
  const { user } = caller.session;
  const rows = await db
    .select()
    .from(emergencyLocations)
    .where(
      and(
        eq(emergencyLocations.accountId, user.accountId),
        isNull(emergencyLocations.deletedAt),
        or(isNull(emergencyLocations.ownerUserId), eq(emergencyLocations.ownerUserId, user.id)),
      ),
    );
  const rank = (row: LocationRow) => (row.ownerUserId === null ? 0 : 1);
  return rows.sort(
    (a, b) => rank(a) - rank(b) || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  );
}

export async function devicesOf(db: Queryable, userId: number): Promise<DeviceRow[]> {
  return db.select().from(deviceEmergencyAddresses).where(eq(deviceEmergencyAddresses.userId, userId));
}

/** Spec §4: a location another of the user's numbers is registered at (not the digital line being set up). */
export const usedByOtherNumber = (profile: Profile, devices: readonly DeviceRow[], locationId: string) =>
  devices.some((device) => device.locationId === locationId && device.deviceId !== profile.deviceId);

export function toLocation(
  row: LocationRow,
  profile: Profile,
  devices: readonly DeviceRow[],
): EmergencyLocation {
  return {
    locationId: row.id,
    nickname: row.nickname,
    address: row.address,
    addressFormatId: row.addressFormatId,
    category: row.ownerUserId === null ? 'company' : 'personal',
    addressStatus: row.addressStatus,
    inUseByOtherNumber: usedByOtherNumber(profile, devices, row.id),
  };
}

export function toDevice(row: DeviceRow, location: LocationRow | undefined): DeviceEmergencyAddress {
  const address = row.type === 'ERL' ? location?.address : row.address;
  const status = row.type === 'ERL' ? location?.addressStatus : row.addressStatus;
  return {
    deviceId: row.deviceId,
    ...(row.phoneNumber ? { phoneNumber: row.phoneNumber } : {}),
    type: row.type,
    ...(row.locationId ? { locationId: row.locationId } : {}),
    ...(address ? { address } : {}),
    ...(row.type === 'ERL' && location ? { addressFormatId: location.addressFormatId } : {}),
    ...(row.type !== 'ERL' && row.addressFormatId ? { addressFormatId: row.addressFormatId } : {}),
    ...(status ? { addressStatus: status } : {}),
    verificationVersion: row.verificationVersion,
    locationDeleted: row.type === 'ERL' && (location === undefined || location.deletedAt !== null),
    outOfCountry: row.outOfCountry,
    locked: row.locked,
    ...(row.registeredAt ? { registeredAt: row.registeredAt.toISOString() } : {}),
  };
}
