import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { checkNickname } from '../../api/addressRules.ts';
import type { EmergencyAddress, EmergencyLocation } from '../../api/contract/emergency.ts';
import { deviceEmergencyAddresses, emergencyLocations, emergencyProfiles } from '../db/schema.emergency.ts';
import { checkAddress, sameAddress } from './address-check.ts';
import {
  auditOf,
  type Caller,
  devicesOf,
  type EmergencyDeps,
  profileOf,
  toLocation,
  usedByOtherNumber,
  visibleLocations,
} from './context.ts';
import { EmergencyFailure } from './emergency.errors.ts';
import { REGISTRABLE_STATUSES } from './emergency.gate.ts';
import { localNumberFor } from './emergency.service.ts';

export interface AddLocationBody {
  nickname: string;
  address: EmergencyAddress;
  addressFormatId: string;
  replaceLocationId?: string | undefined;
}

const NICKNAME_MESSAGES = {
  'EA-NICKNAME-EMPTY': 'The nickname is empty',
  'EA-NICKNAME-SYMBOLS': 'The nickname has special symbols such as <, >, " or /',
  'EA-NICKNAME-LENGTH': 'The nickname is too long',
} as const;

const newLocationId = () => `erl-${randomBytes(12).toString('base64url')}`;
const sameNickname = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * add- and delete-emergency-location (spec §4, §5, §7). Every check that can refuse runs before anything
 * is written, and the writes of one call run in one transaction holding the user's profile row, so two
 * calls cannot both take the last place under the limit and a refusal leaves everything as it was.
 */
export function locationsService(deps: EmergencyDeps) {
  const { db } = deps;
  return {
    async add(
      caller: Caller,
      body: AddLocationBody,
      now: Date,
    ): Promise<{ location: EmergencyLocation; replacedLocationId?: string }> {
      const audit = auditOf(deps, caller, now);
      const profile = await profileOf(db, caller);
      if (!profile.emergencyLocationsEnabled || !profile.personalLocationsAllowed)
        throw new EmergencyFailure(403, 'EA-ADD-FAILED', 'Personal locations are not allowed for this user');
      const nicknameRule = checkNickname(body.nickname);
      if (nicknameRule) throw new EmergencyFailure(400, nicknameRule, NICKNAME_MESSAGES[nicknameRule]);
      const nickname = body.nickname.trim();
      const phoneNumber = localNumberFor(caller, profile.countryId, body.address);
      const checked = await checkAddress(deps.knowledge, { ...body, phoneNumber });
      if (!REGISTRABLE_STATUSES.includes(checked.validation.status))
        throw new EmergencyFailure(
          400,
          'EA-NOT-VALIDATED',
          `The address was answered ${checked.validation.status}`,
        );

      const result = await db.transaction(async (tx) => {
        const locked = await profileOf(tx, caller, true);
        const visible = await visibleLocations(tx, caller);
        const named = visible.find((row) => sameNickname(row.nickname, nickname));
        if (named)
          throw new EmergencyFailure(409, 'EA-NICKNAME-EXISTS', 'A location with this nickname exists', {
            errorParameters: { name: nickname },
          });
        if (visible.some((row) => sameAddress(row.address, checked.address)))
          throw new EmergencyFailure(409, 'EA-LOCATION-EXISTS', 'A location with this address exists');
        const personal = visible.filter((row) => row.ownerUserId === caller.session.user.id);
        let replaced: string | undefined;
        if (personal.length >= locked.erlLimit) {
          if (body.replaceLocationId === undefined)
            throw new EmergencyFailure(409, 'EA-LIMIT', `At most ${locked.erlLimit} personal locations`, {
              errorParameters: { erlLimit: String(locked.erlLimit) },
            });
          if (!personal.some((row) => row.id === body.replaceLocationId))
            throw new EmergencyFailure(404, 'EA-ERL-DELETED', 'The location to replace is not one of yours');
          replaced = body.replaceLocationId;
        }
        const id = newLocationId();
        const [row] = await tx
          .insert(emergencyLocations)
          .values({
            id,
            accountId: caller.session.user.accountId,
            ownerUserId: caller.session.user.id,
            nickname,
            address: checked.address,
            addressFormatId: checked.format.id,
            addressStatus: checked.validation.status,
            createdAt: now,
          })
          .returning();
        if (replaced !== undefined) {
          // The new location takes the replaced one's place, for every number registered at it.
          await tx
            .update(deviceEmergencyAddresses)
            .set({ locationId: id })
            .where(eq(deviceEmergencyAddresses.locationId, replaced));
          await tx
            .update(emergencyLocations)
            .set({ deletedAt: now })
            .where(eq(emergencyLocations.id, replaced));
          if (locked.lastSelectedLocationId === replaced)
            await tx
              .update(emergencyProfiles)
              .set({ lastSelectedLocationId: id })
              .where(eq(emergencyProfiles.userId, caller.session.user.id));
        }
        if (!row) throw new Error('insert returned no row');
        return { row, replaced, profile: locked };
      });
      await audit('emergency.location_added', { locationId: result.row.id });
      const devices = await devicesOf(db, caller.session.user.id);
      return {
        location: toLocation(result.row, result.profile, devices),
        ...(result.replaced !== undefined ? { replacedLocationId: result.replaced } : {}),
      };
    },

    async remove(
      caller: Caller,
      body: { locationId: string; replacementLocationId?: string | undefined },
      now: Date,
    ): Promise<{ deletedLocationId: string }> {
      await profileOf(db, caller);
      await db.transaction(async (tx) => {
        const profile = await profileOf(tx, caller, true);
        const visible = await visibleLocations(tx, caller);
        const target = visible.find((row) => row.id === body.locationId);
        if (!target) throw new EmergencyFailure(404, 'EA-ERL-DELETED', 'No such location');
        if (target.ownerUserId === null)
          throw new EmergencyFailure(
            403,
            'EA-DELETE-FAILED',
            'Company locations are managed by the administrator',
          );
        const devices = await devicesOf(tx, caller.session.user.id);
        if (usedByOtherNumber(profile, devices, target.id)) {
          const available = visible.filter((row) => row.id !== target.id).map((row) => row.id);
          if (body.replacementLocationId === undefined)
            throw new EmergencyFailure(
              409,
              'EA-ERL-IN-USE',
              'Another number is registered at this location',
              {
                errorParameters: { availableLocationIds: available.join(',') },
              },
            );
          if (!available.includes(body.replacementLocationId))
            throw new EmergencyFailure(
              400,
              'EA-DELETE-FAILED',
              'The replacement is not an available location',
            );
          const others = devices
            .filter((device) => device.locationId === target.id && device.deviceId !== profile.deviceId)
            .map((device) => device.deviceId);
          await tx
            .update(deviceEmergencyAddresses)
            .set({ locationId: body.replacementLocationId, registeredAt: now })
            .where(and(inArray(deviceEmergencyAddresses.deviceId, others)));
        }
        await tx
          .update(emergencyLocations)
          .set({ deletedAt: now })
          .where(eq(emergencyLocations.id, target.id));
        if (profile.lastSelectedLocationId === target.id)
          await tx
            .update(emergencyProfiles)
            .set({ lastSelectedLocationId: null })
            .where(eq(emergencyProfiles.userId, caller.session.user.id));
      });
      await auditOf(deps, caller, now)('emergency.location_deleted', { locationId: body.locationId });
      return { deletedLocationId: body.locationId };
    },
  };
}
