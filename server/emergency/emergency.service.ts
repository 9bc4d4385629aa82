import { inArray } from 'drizzle-orm';
import type {
  AddressValidation,
  DeviceEmergencyAddress,
  EmergencyAddress,
  EmergencyLocation,
  ExtensionTrackingInfo,
} from '../../api/contract/emergency.ts';
import { emergencyLocations } from '../db/schema.emergency.ts';
import { servedCountryById } from './address/countries.ts';
import { checkAddress } from './address-check.ts';
import {
  type Caller,
  devicesOf,
  type EmergencyDeps,
  type Profile,
  profileOf,
  toDevice,
  toLocation,
  visibleLocations,
} from './context.ts';
import { DEFAULT_EMERGENCY_SETTINGS } from './emergency.settings.ts';

/**
 * The read calls and validate-address (spec §7; docs/emergency-address.md "Server"). The writes are in
 * locations.service.ts and registration.service.ts.
 */

/** The caller's own number, for the local-area rule, when the address is in the number's country. */
export function localNumberFor(caller: Caller, countryId: number, address: EmergencyAddress) {
  const phoneNumber = caller.session.user.phoneNumber ?? undefined;
  return servedCountryById(countryId)?.isoCode === address.country ? phoneNumber : undefined;
}

export function emergencyService(deps: EmergencyDeps) {
  const { db } = deps;
  return {
    async contactInfo(caller: Caller) {
      const { user } = caller.session;
      await profileOf(db, caller);
      const [firstName = '', ...rest] = user.displayName.trim().split(/\s+/);
      return {
        firstName,
        lastName: rest.join(' '),
        ...(user.email ? { email: user.email } : {}),
        ...(user.phoneNumber ? { phoneNumber: user.phoneNumber } : {}),
      };
    },

    async trackingInfo(caller: Caller): Promise<ExtensionTrackingInfo> {
      const profile = await profileOf(db, caller);
      const country = servedCountryById(profile.countryId);
      const { phoneNumber } = caller.session.user;
      return {
        userCountryId: profile.countryId,
        userCountryIsoCode: country?.isoCode ?? 'US',
        originalDeviceId: profile.deviceId,
        ...(phoneNumber ? { phoneNumber } : {}),
        hasDigitalLine: profile.hasDigitalLine,
        carrier: profile.carrier,
        emergencyLocationsEnabled: profile.emergencyLocationsEnabled,
        personalLocationsAllowed: profile.personalLocationsAllowed,
        erlLimit: profile.erlLimit,
        ...(profile.lastSelectedLocationId ? { lastSelectedLocationId: profile.lastSelectedLocationId } : {}),
        deviceSelectionMode: profile.deviceSelectionMode,
        currentVerificationVersion: DEFAULT_EMERGENCY_SETTINGS.currentVerificationVersion,
      };
    },

    async listDevices(
      caller: Caller,
      filter: { deviceId?: string | undefined; phoneNumber?: string | undefined },
    ): Promise<{ deviceEmergencyAddresses: DeviceEmergencyAddress[]; userCountryId: number }> {
      const profile = await profileOf(db, caller);
      const devices = (await devicesOf(db, caller.session.user.id)).filter(
        (device) =>
          (filter.deviceId === undefined || device.deviceId === filter.deviceId) &&
          (filter.phoneNumber === undefined || device.phoneNumber === filter.phoneNumber),
      );
      const ids = devices.flatMap((device) => (device.locationId ? [device.locationId] : []));
      // Deleted locations too: a record pointing at one says so (spec §8 ERL deleted).
      const locations =
        ids.length === 0
          ? []
          : await db.select().from(emergencyLocations).where(inArray(emergencyLocations.id, ids));
      return {
        deviceEmergencyAddresses: devices.map((device) =>
          toDevice(
            device,
            locations.find((location) => location.id === device.locationId),
          ),
        ),
        userCountryId: profile.countryId,
      };
    },

    async listLocations(caller: Caller): Promise<{ records: EmergencyLocation[]; erlLimit: number }> {
      const profile = await profileOf(db, caller);
      const devices = await devicesOf(db, caller.session.user.id);
      const rows = await visibleLocations(db, caller);
      return { records: rows.map((row) => toLocation(row, profile, devices)), erlLimit: profile.erlLimit };
    },

    async validate(
      caller: Caller,
      body: { address: EmergencyAddress; addressFormatId: string; phoneCountryId: number },
    ): Promise<AddressValidation> {
      await profileOf(db, caller);
      const phoneNumber = localNumberFor(caller, body.phoneCountryId, body.address);
      const checked = await checkAddress(deps.knowledge, { ...body, phoneNumber });
      return checked.validation;
    },
  };
}

export type { Profile };
