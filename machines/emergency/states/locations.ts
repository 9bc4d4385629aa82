import { and } from 'xstate';
import { emergencySetup } from '../emergency.locations.ts';
import {
  callError,
  expired,
  registerError,
  registering,
  session,
  toChooser,
  toConfirm,
  toEditor,
} from './shared.ts';

type ErrorEvent = { event: { error: unknown } };
const errorParams = ({ event }: ErrorEvent) => ({ error: event.error });

/** delete-emergency-location for the location being deleted, with its replacement when one was chosen. */
const deleteInput = ({ context }: Parameters<typeof session>[0]) => ({
  ...session({ context }),
  locationId: context.deletingLocationId ?? '',
  replacementLocationId: context.replaceLocationId,
});
const deleted = {
  type: 'removeDeletedLocation',
  params: ({ event }: { event: { output: { deletedLocationId: string } } }) => event.output,
} as const;

/**
 * Spec §4 and §6 with company ERLs in use: choose a company or personal location and register the
 * device at it; add a personal location (the editor); delete one of the user's own; or say the user is
 * outside the country (the disclaimer, then an address abroad). A location that was deleted under the
 * user is dropped from the list with its notice, and the user chooses again.
 */
export const chooseLocation = emergencySetup.createStateConfig({
  tags: ['screen.emergencyChooseLocation'],
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'user.selectLocation': { guard: 'isKnownLocation', actions: 'assignSelectedLocation' },
        'user.submit': [
          { guard: 'hasNoSelection', actions: 'assignNoSelectionError' },
          { target: 'registering', actions: 'clearMessages' },
        ],
        'user.addLocation': {
          guard: 'arePersonalLocationsAllowed',
          target: '#emergency.editor',
          actions: { type: 'startEditing', params: { purpose: 'personalLocation' } },
        },
        'user.deleteLocation': [
          {
            guard: and(['isPersonalLocation', 'isLocationInUse']),
            target: '#emergency.deleteReplacement',
            actions: 'assignDeleting',
          },
          { guard: 'isPersonalLocation', target: 'deleting', actions: 'assignDeleting' },
        ],
        'user.outOfCountry': {
          target: '#emergency.outOfCountry',
          actions: { type: 'startEditing', params: { purpose: 'deviceAddress' } },
        },
        'route.changed': [toEditor, toConfirm],
      },
    },
    registering: registering('chooser', [
      {
        guard: { type: 'isErlDeleted', params: errorParams },
        target: 'choosing',
        actions: ['removeSelectedLocation', { type: 'assignRegisterError', params: errorParams }],
      },
      { target: 'choosing', ...registerError },
    ]),
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteEmergencyLocation',
        src: 'deleteEmergencyLocation',
        input: deleteInput,
        onDone: { target: 'choosing', actions: deleted },
        onError: [
          expired,
          // Spec §4: another number uses it (the list was older than the server's answer).
          {
            guard: { type: 'isErlInUse', params: errorParams },
            target: '#emergency.deleteReplacement',
            actions: { type: 'assignServerCandidates', params: errorParams },
          },
          { target: 'choosing', ...callError },
        ],
      },
    },
  },
});

/**
 * Spec §4: a location another number uses is deleted only with a replacement for that number, chosen
 * from the locations still available; both happen in one call.
 */
export const deleteReplacement = emergencySetup.createStateConfig({
  tags: ['screen.emergencyDeleteReplacement'],
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'user.chooseReplacement': { guard: 'isReplacementCandidate', actions: 'assignReplacement' },
        'user.submit': [
          { guard: 'hasNoReplacement', actions: 'assignNoSelectionError' },
          { target: 'deleting', actions: 'clearMessages' },
        ],
        'user.back': { target: '#emergency.chooseLocation', actions: 'clearMessages' },
        'route.changed': [toChooser],
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteEmergencyLocation',
        src: 'deleteEmergencyLocation',
        input: deleteInput,
        onDone: { target: '#emergency.chooseLocation', actions: deleted },
        onError: [expired, { target: 'choosing', ...callError }],
      },
    },
  },
});
