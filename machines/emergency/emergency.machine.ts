import { emergencySetup } from './emergency.locations.ts';
import type { EmergencyContext, EmergencyInput, EmergencyOutput } from './emergency.types.ts';
import { confirm, editor, outOfCountry, replace } from './states/address.ts';
import { acknowledgement, recheck } from './states/dispatch.ts';
import { chooseLocation, deleteReplacement } from './states/locations.ts';
import { expired } from './states/shared.ts';

function initialContext(input: EmergencyInput): EmergencyContext {
  return {
    ...input,
    situation: undefined,
    purpose: 'deviceAddress',
    draft: undefined,
    validation: undefined,
    chosenSuggestion: undefined,
    selectedLocationId: undefined,
    replaceLocationId: undefined,
    deletingLocationId: undefined,
    replacementCandidates: [],
    outOfCountryAccepted: false,
    formCountryId: 0,
    countries: [],
    takesEffectWithinHours: undefined,
    fieldErrors: {},
    formError: undefined,
    notice: undefined,
    pageError: undefined,
  };
}

/**
 * The emergency-address (E911) part of the one statechart (spec §2 /emergencyAddress family, §4, §6):
 * the dispatcher decides from the situation it loads which page the user needs, and every path ends
 * with the address registered or acknowledged (`completed`), after which the sign-in machine retries
 * the code request with eaCompleted=true. The sign-in machine invokes it when the code request
 * answers 701 or 702 (machines/states/completingEmergency.ts) and loads it as a chunk of its own
 * (machines/lazyFlow.ts); its states carry the screen tags machines/routes.ts turns into the address.
 * Nothing is half-saved: each write is one call, and a failed one leaves the page where it was.
 */
export const emergencyMachine = emergencySetup.createMachine({
  id: 'emergency',
  context: ({ input }) => initialContext(input),
  output: ({ event }) => (event as unknown as { output: EmergencyOutput }).output,
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isNoDigitalLineEntry', target: 'noDigitalLine' }, { target: 'loading' }],
    },
    /** Spec §4 702: the warning; nothing can be registered without a digital line. */
    noDigitalLine: {
      tags: ['screen.emergencyNoDigitalLine'],
      on: { 'user.continue': 'completed' },
    },
    loading: {
      tags: ['screen.emergencyLoading', 'busy', 'loading'],
      invoke: {
        id: 'loadEmergencySituation',
        src: 'loadEmergencySituation',
        input: ({ context }) => ({ clientId: context.clientId, sessionId: context.sessionId }),
        onDone: {
          target: 'dispatching',
          actions: { type: 'assignSituation', params: ({ event }) => event.output },
        },
        onError: [
          expired,
          {
            guard: { type: 'isConnectionFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'loadFailed',
            actions: { type: 'assignCallError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    loadFailed: {
      tags: ['screen.emergencyLoading'],
      on: { 'user.retry': { target: 'loading', actions: 'clearMessages' } },
    },
    /** Spec §4 dispatcher, in docs/emergency-address.md's order. */
    dispatching: {
      always: [
        { guard: 'hasNoDigitalLine', target: 'noDigitalLine' },
        { guard: 'isByoc', target: 'byoc' },
        { guard: 'hasNoLocations', target: 'noLocations' },
        { guard: 'isOrderLocked', target: 'locked' },
        { guard: 'isVersionChanged', target: 'versionChanged', actions: 'assignOpeningNotice' },
        { guard: 'areLocationsEnabled', target: 'chooseLocation', actions: 'assignOpeningNotice' },
        { target: 'editor', actions: { type: 'startEditing', params: { purpose: 'deviceAddress' } } },
      ],
    },
    byoc: acknowledgement('screen.emergencyByoc'),
    noLocations: acknowledgement('screen.emergencyNoLocations'),
    locked: recheck('screen.emergencyLocked', false),
    versionChanged: recheck('screen.emergencyVersionChanged', true),
    chooseLocation,
    deleteReplacement,
    outOfCountry,
    editor,
    confirm,
    replace,
    /** Spec §4: 'A new address may take up to 48 hours or more to take effect', then on. */
    saved: {
      tags: ['screen.emergencySaved'],
      on: { 'user.continue': 'completed' },
    },
    completed: { type: 'final', output: { outcome: 'completed' } },
    failed: { type: 'final', output: ({ context }) => ({ outcome: 'failed', error: context.pageError }) },
    sessionExpired: { type: 'final', output: { outcome: 'sessionExpired' } },
  },
});
