import { assign } from 'xstate';
import { toApiError } from '../../api/errors.ts';
import { emergencyBaseSetup, eventLocationId } from './emergency.setup.ts';
import type { EmergencyContext, EmergencySituation } from './emergency.types.ts';
import { availableLocationIdsOf, eaMessage } from './emergencyErrors.ts';

type ErrorParams = { error: unknown };
type Added = { location: EmergencySituation['locations'][number]; replacedLocationId?: string | undefined };

const withLocations = (context: EmergencyContext, locations: EmergencySituation['locations']) =>
  context.situation ? { ...context.situation, locations } : undefined;

/**
 * Spec §4 locations: choosing one, adding one (replacing another), and deleting one that numbers still
 * use. The rest of the flow's setup is emergency.setup.ts; this is the one the states and machine use.
 */
export const emergencySetup = emergencyBaseSetup.extend({
  actions: {
    assignSelectedLocation: assign(({ event }) => ({
      selectedLocationId: eventLocationId(event),
      formError: undefined,
    })),
    assignNoSelectionError: assign(({ context }) => ({
      formError: eaMessage(context.lookup, 'UI_ERROR_EA_NO_LOCATION_SELECTED'),
    })),
    assignReplacement: assign(({ event }) => ({
      replaceLocationId: eventLocationId(event),
      formError: undefined,
    })),
    assignAddedLocation: assign(({ context }, params: Added) => ({
      situation: withLocations(context, [
        ...(context.situation?.locations ?? []).filter(
          (l) => l.locationId !== params.replacedLocationId && l.locationId !== params.location.locationId,
        ),
        params.location,
      ]),
      selectedLocationId: params.location.locationId,
      replaceLocationId: undefined,
    })),
    // Spec §4 ERL in use: the number moves to one of the others still in service.
    assignDeleting: assign(({ context, event }) => {
      const locationId = eventLocationId(event);
      return {
        deletingLocationId: locationId,
        replaceLocationId: undefined,
        replacementCandidates: (context.situation?.locations ?? [])
          .filter((l) => l.locationId !== locationId && l.addressStatus !== 'Invalid')
          .map((l) => l.locationId),
        formError: undefined,
        notice: undefined,
      };
    }),
    assignServerCandidates: assign(({ context }, params: ErrorParams) => ({
      replacementCandidates: availableLocationIdsOf(toApiError(params.error)),
      formError: eaMessage(context.lookup, 'UI_ERROR_EA_ERL_IN_USE'),
    })),
    removeDeletedLocation: assign(({ context }, params: { deletedLocationId: string }) => ({
      situation: withLocations(
        context,
        (context.situation?.locations ?? []).filter((l) => l.locationId !== params.deletedLocationId),
      ),
      selectedLocationId:
        context.selectedLocationId === params.deletedLocationId ? undefined : context.selectedLocationId,
      deletingLocationId: undefined,
      replaceLocationId: undefined,
      replacementCandidates: [],
    })),
    // Spec §4: the location was deleted under the user; the list loses it and the user chooses again.
    removeSelectedLocation: assign(({ context }) => ({
      situation: withLocations(
        context,
        (context.situation?.locations ?? []).filter((l) => l.locationId !== context.selectedLocationId),
      ),
      selectedLocationId: undefined,
    })),
  },
});
