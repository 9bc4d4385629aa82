import * as z from 'zod/mini';
import {
  addressStatuses,
  deviceSelectionModes,
  emergencyAddressSchema,
  emergencyAddressTypes,
} from './emergencyAddress.ts';
import {
  addressFormatIdSchema,
  deviceIdSchema,
  locationIdSchema,
  sessionFields,
} from './emergencyCallFields.ts';
import { intIn, intSchema, okReply } from './envelope.ts';

// Registering the digital line's emergency address (spec §3, §4, §6): what the dispatcher decides from
// (the extension's contact and tracking info), the device's current address, and register-virtual-line.

/** GET /api/account/extension-contact-info: who the address is for (prefills the customer name). */
export const extensionQuery = z.object(sessionFields);
export const extensionContactInfoReply = okReply(
  z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.optional(z.string()),
    companyName: z.optional(z.string()),
    phoneNumber: z.optional(z.string()),
  }),
);

/**
 * GET /api/account/extension-tracking-info: what the dispatcher decides from (spec §4, §6): the
 * user's country, the digital line, the carrier, company ERLs in use, the personal limit, the last
 * selected location (spec §3) and the verification version now in force.
 */
export const extensionTrackingInfoReply = okReply(
  z.object({
    userCountryId: intSchema,
    userCountryIsoCode: z.string().check(z.minLength(2), z.maxLength(2)),
    /** The device the address belongs to (register-virtual-line's originalDeviceId). */
    originalDeviceId: z.optional(deviceIdSchema),
    phoneNumber: z.optional(z.string()),
    hasDigitalLine: z.boolean(),
    /** Spec §6 BYOC: the local carrier provisions the emergency address. */
    carrier: z.enum(['platform', 'byoc']),
    /** Company ERLs are in use: the user picks a location instead of typing one address. */
    emergencyLocationsEnabled: z.boolean(),
    /** Users may add personal locations (spec §6), up to erlLimit. */
    personalLocationsAllowed: z.boolean(),
    erlLimit: intIn(0),
    lastSelectedLocationId: z.optional(locationIdSchema),
    deviceSelectionMode: z.enum(deviceSelectionModes),
    currentVerificationVersion: intSchema,
  }),
);
export type ExtensionTrackingInfo = z.infer<typeof extensionTrackingInfoReply>['data'];

/** Spec §3 device emergency address record. */
export const deviceEmergencyAddressSchema = z.object({
  deviceId: deviceIdSchema,
  phoneNumber: z.optional(z.string()),
  type: z.enum(emergencyAddressTypes),
  locationId: z.optional(locationIdSchema),
  address: z.optional(emergencyAddressSchema),
  addressFormatId: z.optional(addressFormatIdSchema),
  addressStatus: z.optional(z.enum(addressStatuses)),
  /** The verification version the address was confirmed under; older than current → edit or confirm. */
  verificationVersion: intSchema,
  /** The location it points at was deleted by an administrator (spec §4). */
  locationDeleted: z.boolean(),
  /** Registered outside the user's country after the disclaimer was accepted. */
  outOfCountry: z.boolean(),
  /** Spec §5: set with the initial order and not to be changed here. */
  locked: z.boolean(),
  /** ISO 8601. */
  registeredAt: z.optional(z.string()),
});
export type DeviceEmergencyAddress = z.infer<typeof deviceEmergencyAddressSchema>;

/** GET /api/account/list-device-emergency-address (spec §3: deviceId, phoneNumber). */
export const listDeviceEmergencyAddressQuery = z.object({
  ...sessionFields,
  deviceId: z.optional(deviceIdSchema),
  phoneNumber: z.optional(z.string().check(z.maxLength(32))),
});
export const listDeviceEmergencyAddressReply = okReply(
  z.object({ deviceEmergencyAddresses: z.array(deviceEmergencyAddressSchema), userCountryId: intSchema }),
);

/** POST /api/account/register-virtual-line (spec §3 virtual line registration). */
export const registerVirtualLineBody = z.object({
  ...sessionFields,
  originalDeviceId: deviceIdSchema,
  emergencyLocationsEnabled: z.boolean(),
  /** ERL: emergencyLocationId; OTHER: emergencyServiceAddress; NO_DEFINED_LOCATION: neither (acknowledged). */
  addressType: z.enum(['ERL', 'OTHER', 'NO_DEFINED_LOCATION']),
  emergencyLocationId: z.optional(locationIdSchema),
  emergencyServiceAddress: z.optional(emergencyAddressSchema),
  addressFormatId: z.optional(addressFormatIdSchema),
  /** The out-of-country disclaimer was accepted (I Accept): required for an address abroad. */
  outOfCountryAccepted: z._default(z.boolean(), false),
});
export const registerVirtualLineReply = okReply(
  z.object({ device: deviceEmergencyAddressSchema, takesEffectWithinHours: intSchema }),
);
