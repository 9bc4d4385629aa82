import * as z from 'zod/mini';
import { addressFormatIdSchema, sessionFields } from './emergencyCallFields.ts';
import { intIn, intSchema, okReply } from './envelope.ts';

// An emergency address itself (spec §3): its fields, each country's format and states, and checking one
// (validate-address). Locations and registrations (emergencyLocations.ts, emergencyRegistration.ts)
// each hold one.

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
