import * as z from 'zod/mini';
import { addressFieldNames } from './emergencyAddress.ts';
import { errorReplyShape, intSchema } from './envelope.ts';

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
