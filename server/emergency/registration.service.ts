import { eq } from 'drizzle-orm';
import type { DeviceEmergencyAddress, EmergencyAddress } from '../../api/contract/emergency.ts';
import { deviceEmergencyAddresses, emergencyProfiles } from '../db/schema.emergency.ts';
import { servedCountryById } from './address/countries.ts';
import { checkAddress } from './address-check.ts';
import {
  auditOf,
  type Caller,
  type DeviceRow,
  type EmergencyDeps,
  type LocationRow,
  type Profile,
  profileOf,
  toDevice,
  visibleLocations,
} from './context.ts';
import { digitalLineMissing, EmergencyFailure } from './emergency.errors.ts';
import { acknowledgementOnly, REGISTRABLE_STATUSES } from './emergency.gate.ts';
import { DEFAULT_EMERGENCY_SETTINGS } from './emergency.settings.ts';

export interface RegisterBody {
  originalDeviceId: string;
  emergencyLocationsEnabled: boolean;
  addressType: 'ERL' | 'OTHER' | 'NO_DEFINED_LOCATION';
  emergencyLocationId?: string | undefined;
  emergencyServiceAddress?: EmergencyAddress | undefined;
  addressFormatId?: string | undefined;
  outOfCountryAccepted: boolean;
}

/** What the device record becomes, decided before anything is written. */
type Registration = Pick<
  DeviceRow,
  'type' | 'locationId' | 'address' | 'addressFormatId' | 'addressStatus' | 'outOfCountry'
>;

const notValidated = (status: string) =>
  new EmergencyFailure(
    400,
    'EA-NOT-VALIDATED',
    `The address was answered ${status}: choose a suggestion or edit it`,
  );

/**
 * register-virtual-line (spec §3, §7): the digital line's device gets an ERL, an address, or the
 * acknowledgement that there is nothing to register (BYOC, no defined locations). The server never
 * registers an address its own validator would refuse, whatever the page says. Every check runs first;
 * the record is then written in one statement inside a transaction holding the profile, so a refusal
 * or failure leaves the previous record in force.
 */
export function registrationService(deps: EmergencyDeps) {
  const { db } = deps;

  async function decide(caller: Caller, profile: Profile, body: RegisterBody): Promise<Registration> {
    const none = {
      locationId: null,
      address: null,
      addressFormatId: null,
      addressStatus: null,
      outOfCountry: false,
    };
    const visible = await visibleLocations(db, caller);
    if (body.addressType === 'NO_DEFINED_LOCATION') {
      const company = visible.filter((row) => row.ownerUserId === null).length;
      if (!acknowledgementOnly(profile, company))
        throw new EmergencyFailure(409, 'EA-REGISTER-FAILED', 'An emergency address or location is required');
      return { ...none, type: 'NO_DEFINED_LOCATION' };
    }
    if (body.addressType === 'ERL') {
      if (!profile.emergencyLocationsEnabled)
        throw new EmergencyFailure(409, 'EA-REGISTER-FAILED', 'Emergency response locations are not in use');
      if (body.emergencyLocationId === undefined)
        throw new EmergencyFailure(400, 'EA-REGISTER-FAILED', 'emergencyLocationId is required for an ERL');
      const location = visible.find((row) => row.id === body.emergencyLocationId);
      if (!location)
        throw new EmergencyFailure(404, 'EA-ERL-DELETED', 'The location was deleted or is not yours');
      await recheckLocation(caller, profile, location);
      return { ...none, type: 'ERL', locationId: location.id, addressStatus: location.addressStatus };
    }
    if (!body.emergencyServiceAddress || body.addressFormatId === undefined)
      throw new EmergencyFailure(
        400,
        'EA-REGISTER-FAILED',
        'emergencyServiceAddress and addressFormatId are required',
      );
    const home = servedCountryById(profile.countryId)?.isoCode;
    const abroad = body.emergencyServiceAddress.country !== home;
    if (abroad && !body.outOfCountryAccepted)
      throw new EmergencyFailure(409, 'EA-OUT-OF-COUNTRY', 'An address abroad needs the disclaimer accepted');
    const checked = await checkAddress(deps.knowledge, {
      address: body.emergencyServiceAddress,
      addressFormatId: body.addressFormatId,
      phoneNumber: abroad ? undefined : (caller.session.user.phoneNumber ?? undefined),
    });
    if (!REGISTRABLE_STATUSES.includes(checked.validation.status))
      throw notValidated(checked.validation.status);
    return {
      type: 'OTHER',
      locationId: null,
      address: checked.address,
      addressFormatId: checked.format.id,
      addressStatus: checked.validation.status,
      outOfCountry: abroad,
    };
  }

  /** A location is registered only if its address still passes, the local-area rule included. */
  async function recheckLocation(caller: Caller, profile: Profile, location: LocationRow) {
    const home = servedCountryById(profile.countryId)?.isoCode;
    const checked = await checkAddress(deps.knowledge, {
      address: location.address,
      addressFormatId: location.addressFormatId,
      phoneNumber:
        location.address.country === home ? (caller.session.user.phoneNumber ?? undefined) : undefined,
    });
    if (!REGISTRABLE_STATUSES.includes(checked.validation.status))
      throw notValidated(checked.validation.status);
  }

  return {
    async register(
      caller: Caller,
      body: RegisterBody,
      now: Date,
    ): Promise<{ device: DeviceEmergencyAddress; takesEffectWithinHours: number }> {
      const audit = auditOf(deps, caller, now);
      try {
        const profile = await profileOf(db, caller);
        if (!profile.hasDigitalLine || body.originalDeviceId !== profile.deviceId) throw digitalLineMissing();
        if (body.emergencyLocationsEnabled !== profile.emergencyLocationsEnabled)
          throw new EmergencyFailure(
            409,
            'EA-REGISTER-FAILED',
            'emergencyLocationsEnabled differs from the account',
          );
        const registration = await decide(caller, profile, body);
        const row = await db.transaction(async (tx) => {
          await profileOf(tx, caller, true);
          const [current] = await tx
            .select()
            .from(deviceEmergencyAddresses)
            .where(eq(deviceEmergencyAddresses.deviceId, profile.deviceId));
          if (current?.locked)
            throw new EmergencyFailure(
              409,
              'EA-ORDER-LOCKED',
              'This address was set with the order and cannot be updated',
            );
          const values = {
            ...registration,
            verificationVersion: DEFAULT_EMERGENCY_SETTINGS.currentVerificationVersion,
            registeredAt: now,
            phoneNumber: caller.session.user.phoneNumber,
          };
          const [written] = await tx
            .insert(deviceEmergencyAddresses)
            .values({ ...values, deviceId: profile.deviceId, userId: caller.session.user.id })
            .onConflictDoUpdate({ target: deviceEmergencyAddresses.deviceId, set: values })
            .returning();
          if (registration.locationId !== null)
            await tx
              .update(emergencyProfiles)
              .set({ lastSelectedLocationId: registration.locationId })
              .where(eq(emergencyProfiles.userId, caller.session.user.id));
          if (!written) throw new Error('upsert returned no row');
          return written;
        });
        await audit('emergency.registered', {
          addressType: row.type,
          ...(row.locationId ? { locationId: row.locationId } : {}),
        });
        const location = row.locationId
          ? (await visibleLocations(db, caller)).find((candidate) => candidate.id === row.locationId)
          : undefined;
        return {
          device: toDevice(row, location),
          takesEffectWithinHours: DEFAULT_EMERGENCY_SETTINGS.takesEffectWithinHours,
        };
      } catch (error) {
        if (error instanceof EmergencyFailure)
          await audit('emergency.refused', { addressType: body.addressType, policyCode: error.errorCode });
        throw error;
      }
    },
  };
}
