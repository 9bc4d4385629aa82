import * as z from 'zod/mini';
import { clientIdSchema } from './config.ts';
import { errorReplyShape, intIn, intSchema, okReply } from './envelope.ts';
import { publicSessionIdSchema } from './session.ts';

/**
 * Emergency address (E911): spec §3 records, §7 calls (/api/config/states, /api/config/address-format,
 * /api/account/extension-*, list-*, add-/delete-emergency-location, validate-address,
 * register-virtual-line). Most shapes are "not shown", so they are ours: docs/emergency-address.md.
 * Not re-exported from index.ts: the emergency-address chunk imports it, the first screen does not.
 */

/** Spec §3 enumerations. */
export const emergencyAddressTypes = ['ERL', 'OTHER', 'NO_DEFINED_LOCATION', 'ADD'] as const;
export const addressStatuses = ['Valid', 'Invalid', 'Provisioning', 'Ambiguous'] as const;
export const deviceSelectionModes = ['MainDevice', 'AnyDevice'] as const;
export const addressActions = ['ADD', 'DELETE', 'VALIDATE', 'REGISTER'] as const;

/**
 * Every field an address form may carry (spec §3 "ERL fields by country"), in no particular order: an
 * address-format record says which a country uses, in what order, with what label and limits.
 * `street2` is the apartment/unit line.
 */
export const addressFieldNames = [
  'customerName',
  'buildingNumber',
  'buildingName',
  'street',
  'streetType',
  'streetSuffix',
  'street2',
  'floor',
  'city',
  'suburb',
  'county',
  'state',
  'zip',
  'postalDesignation',
  'location',
] as const;
export type AddressFieldName = (typeof addressFieldNames)[number];

/**
 * Which words label a field, by country (spec §3: labels and placeholders vary for ids 15, 16, 23, 75,
 * 83, 107, 109, 128, 157, 160, 176, 177, 188, 195, 224). The page turns each into a message id
 * (`emergency.label.{labelKey}`); the server never sends English.
 */
export const addressLabelKeys = [
  'customerName',
  'buildingNumber',
  'houseNumber',
  'streetNumber',
  'buildingName',
  'houseName',
  'street',
  'streetName',
  'streetType',
  'streetSuffix',
  'apartment',
  'floor',
  'city',
  'town',
  'locality',
  'postTown',
  'suburb',
  'district',
  'county',
  'state',
  'province',
  'region',
  'zip',
  'postcode',
  'postalCode',
  'eircode',
  'postalDesignation',
  'location',
] as const;

/** An address as typed: only the fields its format uses are present; `country` is the ISO 3166-1 code. */
const fieldValue = z.string().check(z.maxLength(256));
export const emergencyAddressSchema = z.object({
  country: z.string().check(z.regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code')),
  customerName: z.optional(fieldValue),
  buildingNumber: z.optional(fieldValue),
  buildingName: z.optional(fieldValue),
  street: z.optional(fieldValue),
  streetType: z.optional(fieldValue),
  streetSuffix: z.optional(fieldValue),
  street2: z.optional(fieldValue),
  floor: z.optional(fieldValue),
  city: z.optional(fieldValue),
  suburb: z.optional(fieldValue),
  county: z.optional(fieldValue),
  /** A state record's isoCode (GET /api/config/states) where the country has a list; text otherwise. */
  state: z.optional(fieldValue),
  zip: z.optional(fieldValue),
  postalDesignation: z.optional(fieldValue),
  location: z.optional(fieldValue),
});
export type EmergencyAddress = z.infer<typeof emergencyAddressSchema>;

const addressFormatIdSchema = z.string().check(z.minLength(1), z.maxLength(64));
const locationIdSchema = z.string().check(z.minLength(1), z.maxLength(64));
const deviceIdSchema = z.string().check(z.minLength(1), z.maxLength(64));
const sessionFields = { clientId: clientIdSchema, sessionId: z.optional(publicSessionIdSchema) };

/** GET /api/config/states (spec §7: countryId; reads data.records). */
export const statesQuery = z.object({
  ...sessionFields,
  countryId: z.pipe(z.coerce.number(), intIn(0, 298)),
});
export const stateRecordSchema = z.object({
  id: intSchema,
  name: z.string(),
  /** Unique within the country: `NY`, `ON`, `NSW`, `KEN` (ISO 3166-2 without the country prefix). */
  isoCode: z.string().check(z.minLength(1), z.maxLength(8)),
  countryId: intSchema,
});
export type StateRecord = z.infer<typeof stateRecordSchema>;
export const statesReply = okReply(z.object({ records: z.array(stateRecordSchema) }));

/** One field of an address-format record. */
export const addressFormatFieldSchema = z.object({
  name: z.enum(addressFieldNames),
  labelKey: z.enum(addressLabelKeys),
  /** A sample value in the country's own form (`94105`, `SW1A 1AA`), never words to translate. */
  example: z.optional(z.string().check(z.maxLength(64))),
  required: z.boolean(),
  maxLength: intIn(1, 256),
  /** `select`: the value is one of the country's state records (GET /api/config/states). */
  input: z.enum(['text', 'select']),
  /** A whole-value pattern (JavaScript regular-expression source), e.g. the postal code's format. */
  pattern: z.optional(z.string().check(z.maxLength(512))),
  /** Fields with the same line number sit on one row, as the country writes them. */
  line: intIn(0, 20),
});
export type AddressFormatField = z.infer<typeof addressFormatFieldSchema>;

/** POST /api/config/address-format (spec §7, reads data.records; spec §3 keeps only Emergency ones). */
export const addressFormatBody = z.object({
  ...sessionFields,
  countryId: intIn(0, 298),
});
export const addressFormatSchema = z.object({
  id: addressFormatIdSchema,
  countryId: intSchema,
  countryIsoCode: z.string().check(z.minLength(2), z.maxLength(2)),
  applicableToAddressTypes: z.array(z.enum(['Emergency', 'Billing', 'Shipping', 'Business'])),
  fields: z.array(addressFormatFieldSchema),
});
export type AddressFormat = z.infer<typeof addressFormatSchema>;
export const addressFormatReply = okReply(z.object({ records: z.array(addressFormatSchema) }));

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

/** Spec §3 ERL. */
export const emergencyLocationSchema = z.object({
  locationId: locationIdSchema,
  nickname: z.string(),
  address: emergencyAddressSchema,
  addressFormatId: addressFormatIdSchema,
  category: z.enum(['company', 'personal']),
  addressStatus: z.enum(addressStatuses),
  /** Another of the user's numbers is registered at it (deleting it then needs a replacement). */
  inUseByOtherNumber: z.boolean(),
});
export type EmergencyLocation = z.infer<typeof emergencyLocationSchema>;

/** GET /api/account/list-emergency-locations: company ones first, then the user's own. */
export const listEmergencyLocationsQuery = z.object(sessionFields);
export const listEmergencyLocationsReply = okReply(
  z.object({ records: z.array(emergencyLocationSchema), erlLimit: intSchema }),
);

/** Nickname (spec §5); the rules themselves live in api/addressRules.ts, checked on both sides. */
export const nicknameSchema = z.string().check(z.maxLength(256));

/**
 * POST /api/account/add-emergency-location. At the personal limit `replaceLocationId` names the
 * personal location the new one replaces (spec §4), in one transaction.
 */
export const addEmergencyLocationBody = z.object({
  ...sessionFields,
  nickname: nicknameSchema,
  address: emergencyAddressSchema,
  addressFormatId: addressFormatIdSchema,
  replaceLocationId: z.optional(locationIdSchema),
});
export const addEmergencyLocationReply = okReply(
  z.object({ location: emergencyLocationSchema, replacedLocationId: z.optional(locationIdSchema) }),
);

/**
 * POST /api/account/delete-emergency-location (spec §7: locationId). A location another number uses
 * needs `replacementLocationId` (spec §4); that number moves to it in the same transaction.
 */
export const deleteEmergencyLocationBody = z.object({
  ...sessionFields,
  locationId: locationIdSchema,
  replacementLocationId: z.optional(locationIdSchema),
});
export const deleteEmergencyLocationReply = okReply(z.object({ deletedLocationId: locationIdSchema }));

/** POST /api/account/validate-address (spec §7: address, phoneCountryId, addressFormatId). */
export const validateAddressBody = z.object({
  ...sessionFields,
  address: emergencyAddressSchema,
  phoneCountryId: intIn(0, 298),
  addressFormatId: addressFormatIdSchema,
});
export const validateAddressReply = okReply(
  z.object({
    /** Spec §3 validation status: Valid, Invalid, Ambiguous (several candidates) or Provisioning. */
    status: z.enum(addressStatuses),
    /** Corrected candidates: one, several (Ambiguous) or none (Invalid: 'No matching address found.'). */
    suggestions: z.array(emergencyAddressSchema),
  }),
);
export type AddressValidation = z.infer<typeof validateAddressReply>['data'];

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

/**
 * Why an emergency-address call refused (HTTP 400/404/409, status.code 703 for the address, 704 for
 * locations and registration; spec §8 lists 701–704 as INTERNAL). `errorCode` names the reason; the
 * page words it from machines/catalogueValidation.ts (UI_ERROR_EA_*).
 */
export const emergencyErrorCodes = {
  /** Field rules (api/addressRules.ts); `fieldErrors` says which. */
  fields: 'EA-FIELDS',
  notSupported: 'EA-NOT-SUPPORTED',
  outsideLocalArea: 'EA-OUTSIDE-LOCAL-AREA',
  /** register-virtual-line with an address validate-address would not accept. */
  notValidated: 'EA-NOT-VALIDATED',
  outOfCountryNotAccepted: 'EA-OUT-OF-COUNTRY',
  orderLocked: 'EA-ORDER-LOCKED',
  nicknameEmpty: 'EA-NICKNAME-EMPTY',
  nicknameSymbols: 'EA-NICKNAME-SYMBOLS',
  /** Longer than NICKNAME_MAX_LENGTH (api/addressRules.ts); the page words it with the field's length message. */
  nicknameTooLong: 'EA-NICKNAME-LENGTH',
  /** errorParameters.name carries the nickname. */
  nicknameExists: 'EA-NICKNAME-EXISTS',
  locationExists: 'EA-LOCATION-EXISTS',
  /** At erlLimit without replaceLocationId. */
  limitReached: 'EA-LIMIT',
  addFailed: 'EA-ADD-FAILED',
  erlDeleted: 'EA-ERL-DELETED',
  /** errorParameters.availableLocationIds: comma-separated ids a replacement may be chosen from. */
  erlInUse: 'EA-ERL-IN-USE',
  deleteFailed: 'EA-DELETE-FAILED',
  digitalLineMissing: 'EA-DIGITAL-LINE-MISSING',
  registerFailed: 'EA-REGISTER-FAILED',
} as const;
export type EmergencyErrorCode = (typeof emergencyErrorCodes)[keyof typeof emergencyErrorCodes];

/**
 * The backend codes of the E911 step (spec §8 lists 701–704 as INTERNAL): generate-code answers 701
 * (an emergency address is needed) or 702 (no digital line); the calls above refuse with 703 (the
 * address) or 704 (locations and registration).
 */
export const emergencyBackendCode = {
  addressRequired: 701,
  digitalLineMissing: 702,
  address: 703,
  locations: 704,
} as const;

/** A field rule broken (spec §5's four messages plus English characters only). */
export const addressFieldErrorSchema = z.object({
  field: z.enum(addressFieldNames),
  rule: z.enum(['input', 'required', 'invalid', 'tooLong', 'notEnglish']),
  maxLength: z.optional(intSchema),
});
export type AddressFieldError = z.infer<typeof addressFieldErrorSchema>;

export const emergencyErrorReply = z.object({
  ...errorReplyShape,
  errorCode: z.optional(z.string()),
  fieldErrors: z.optional(z.array(addressFieldErrorSchema)),
});
