import { and, eq, isNull } from 'drizzle-orm';
import { emergencyBackendCode } from '../../api/contract/emergency.ts';
import type { Database } from '../db/client.ts';
import { deviceEmergencyAddresses, emergencyLocations, emergencyProfiles } from '../db/schema.emergency.ts';
import { users } from '../db/schema.ts';
import { ApiFailure } from '../http/errors.ts';
import { DEFAULT_EMERGENCY_SETTINGS } from './emergency.settings.ts';

/** A code request refused until the E911 step is done; prompt=none turns it into interaction_required. */
export class EmergencyAddressNeeded extends ApiFailure {}

type Profile = typeof emergencyProfiles.$inferSelect;
type Device = typeof deviceEmergencyAddresses.$inferSelect;
type Location = typeof emergencyLocations.$inferSelect;

/** Statuses an address may be registered with: the validator accepted it (docs/emergency-address.md). */
export const REGISTRABLE_STATUSES: readonly string[] = ['Valid', 'Provisioning'];

/**
 * Spec §6: nothing to register, only to acknowledge: the local carrier provisions the address (BYOC),
 * or ERLs are in use and the administrator defined none while personal ones are not allowed.
 */
export const acknowledgementOnly = (profile: Profile, companyLocations: number) =>
  profile.carrier === 'byoc' ||
  (profile.emergencyLocationsEnabled && companyLocations === 0 && !profile.personalLocationsAllowed);

/** Whether the device's record lets calls be routed, as the code request's gate decides. */
export function recordUsable(
  profile: Profile,
  device: Device | undefined,
  location: Location | undefined,
  companyLocations: number,
  currentVersion: number,
): boolean {
  if (!device) return false;
  // An acknowledgement only counts while there is still nothing to register.
  if (device.type === 'NO_DEFINED_LOCATION') return acknowledgementOnly(profile, companyLocations);
  if (device.verificationVersion < currentVersion) return false;
  if (device.type === 'ERL')
    return (
      location !== undefined &&
      location.deletedAt === null &&
      REGISTRABLE_STATUSES.includes(location.addressStatus)
    );
  return device.address !== null && REGISTRABLE_STATUSES.includes(device.addressStatus ?? '');
}

export async function companyLocationCount(db: Database, accountId: string): Promise<number> {
  const rows = await db
    .select({ id: emergencyLocations.id })
    .from(emergencyLocations)
    .where(
      and(
        eq(emergencyLocations.accountId, accountId),
        isNull(emergencyLocations.ownerUserId),
        isNull(emergencyLocations.deletedAt),
      ),
    );
  return rows.length;
}

/**
 * The code request's E911 step (docs/emergency-address.md "The code request's gate"), after the
 * second factor and the password rules. No profile: no phone service, no step. No digital line: 702
 * until the page says the warning was shown (eaCompleted). Otherwise 701 while the device has no usable
 * record: eaCompleted never opens this by itself, the record is looked at again.
 */
export async function requireEmergencyAddress(
  db: Database,
  userId: number,
  eaCompleted: boolean,
): Promise<void> {
  const [profile] = await db
    .select()
    .from(emergencyProfiles)
    .where(eq(emergencyProfiles.userId, userId))
    .limit(1);
  if (!profile) return;
  if (!profile.hasDigitalLine) {
    if (eaCompleted) return;
    throw new EmergencyAddressNeeded(
      403,
      emergencyBackendCode.digitalLineMissing,
      'The digital line is not found or belongs to another extension',
    );
  }
  const [device] = await db
    .select()
    .from(deviceEmergencyAddresses)
    .where(eq(deviceEmergencyAddresses.deviceId, profile.deviceId))
    .limit(1);
  const [location] = device?.locationId
    ? await db.select().from(emergencyLocations).where(eq(emergencyLocations.id, device.locationId)).limit(1)
    : [];
  const [user] = await db
    .select({ accountId: users.accountId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const company = await companyLocationCount(db, user?.accountId ?? '');
  if (recordUsable(profile, device, location, company, DEFAULT_EMERGENCY_SETTINGS.currentVerificationVersion))
    return;
  throw new EmergencyAddressNeeded(
    403,
    emergencyBackendCode.addressRequired,
    'An emergency address must be registered for this device before signing in',
  );
}
