import * as z from 'zod/mini';
import { addressStatuses, emergencyAddressSchema } from './emergencyAddress.ts';
import { addressFormatIdSchema, locationIdSchema, sessionFields } from './emergencyCallFields.ts';
import { intSchema, okReply } from './envelope.ts';

// Emergency response locations (ERLs, spec §3, §4): the company's and the user's own, listed, added,
// replaced and deleted.

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
