import { and } from 'xstate';
import { emergencySetup } from '../emergency.locations.ts';
import type { EmergencyContext } from '../emergency.types.ts';
import { addressOf } from '../emergencyDraft.ts';
import {
  callError,
  expired,
  fieldRefused,
  registerError,
  registering,
  session,
  toChooser,
  toConfirm,
  toEditor,
  toVersionChanged,
} from './shared.ts';

type ContextArgs = { context: EmergencyContext };
type ErrorEvent = { event: { error: unknown } };
const errorParams = ({ event }: ErrorEvent) => ({ error: event.error });
/** States that validate or save are entered only with a loaded form; a miss is a statechart bug. */
const draftOf = (context: EmergencyContext) => {
  if (!context.draft) throw new Error('emergency: the address form is not loaded');
  return context.draft;
};

/**
 * Spec §4 out of country: the disclaimer (another phone must be available for emergencies). I Accept
 * unlocks the editor's country; Back returns to the page it was opened from.
 */
export const outOfCountry = emergencySetup.createStateConfig({
  tags: ['screen.emergencyOutOfCountry'],
  on: {
    'user.accept': { target: '#emergency.editor', actions: 'acceptDisclaimer' },
    'user.back': [
      { guard: 'hasDraft', target: '#emergency.editor.editing', actions: 'clearMessages' },
      { target: '#emergency.chooseLocation', actions: 'clearMessages' },
    ],
    'route.changed': [toChooser, toEditor],
  },
});

/**
 * Spec §2 editor: the country's address format and state list (loaded for the user's country, or the
 * one chosen after I Accept), the spec §5 field and nickname rules checked before any call, then
 * validate-address.
 */
export const editor = emergencySetup.createStateConfig({
  tags: ['screen.emergencyEditor'],
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy', 'loading'],
      invoke: {
        id: 'loadAddressForm',
        src: 'loadAddressForm',
        input: ({ context }) => ({
          ...session({ context }),
          brandId: context.brandId,
          countryId: context.formCountryId,
          withCountries: context.outOfCountryAccepted && context.countries.length === 0,
        }),
        onDone: [
          {
            guard: { type: 'hasFormat', params: ({ event }) => event.output },
            target: 'editing',
            actions: { type: 'assignForm', params: ({ event }) => event.output },
          },
          // The country has no Emergency format (spec §8 'The address you enter is not supported').
          { guard: 'hasDraft', target: 'editing', actions: 'assignFormUnsupported' },
          {
            guard: 'areLocationsEnabled',
            target: '#emergency.chooseLocation',
            actions: 'assignFormUnsupported',
          },
          { target: '#emergency.loadFailed', actions: 'assignFormUnsupported' },
        ],
        onError: [
          expired,
          { guard: 'hasDraft', target: 'editing', actions: ['restoreFormCountry', callError.actions] },
          { guard: 'areLocationsEnabled', target: '#emergency.chooseLocation', ...callError },
          { target: '#emergency.loadFailed', ...callError },
        ],
      },
    },
    editing: {
      on: {
        'user.changeField': { actions: 'assignFieldValue' },
        'user.changeCountry': { guard: 'isCountryChoice', target: 'loading', actions: 'assignFormCountry' },
        'user.outOfCountry': {
          guard: 'isOutOfCountryOffered',
          target: '#emergency.outOfCountry',
          actions: 'clearMessages',
        },
        'user.saveAddress': [
          { guard: 'hasFieldErrors', actions: 'assignFieldErrors' },
          { target: 'validating', actions: 'clearMessages' },
        ],
        'user.back': [
          { guard: 'areLocationsEnabled', target: '#emergency.chooseLocation', actions: 'clearMessages' },
          { guard: 'isVersionChanged', target: '#emergency.versionChanged', actions: 'clearMessages' },
        ],
        'route.changed': [toChooser, toConfirm, toVersionChanged],
      },
    },
    validating: {
      tags: ['busy'],
      invoke: {
        id: 'validateAddress',
        src: 'validateAddress',
        input: ({ context }) => {
          const draft = draftOf(context);
          return {
            ...session({ context }),
            address: addressOf(draft),
            phoneCountryId: context.situation?.tracking.userCountryId ?? draft.countryId,
            addressFormatId: draft.format.id,
          };
        },
        onDone: {
          target: '#emergency.confirm',
          actions: { type: 'assignValidation', params: ({ event }) => event.output },
        },
        onError: [expired, fieldRefused, { target: 'editing', ...callError }],
      },
    },
  },
});

/** add-emergency-location: the new personal location, replacing one at the limit, in one call. */
const saving = (idle: 'reviewing' | 'choosing') =>
  emergencySetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      id: 'addEmergencyLocation',
      src: 'addEmergencyLocation',
      input: ({ context }: ContextArgs) => {
        const draft = draftOf(context);
        return {
          ...session({ context }),
          nickname: draft.nickname.trim(),
          address: addressOf(draft),
          addressFormatId: draft.format.id,
          replaceLocationId: context.replaceLocationId,
        };
      },
      onDone: {
        target: 'registering',
        actions: { type: 'assignAddedLocation', params: ({ event }) => event.output },
      },
      onError: [
        expired,
        fieldRefused,
        ...(idle === 'reviewing'
          ? [
              {
                guard: { type: 'isLimitReached', params: errorParams },
                target: '#emergency.replace',
                actions: 'clearMessages',
              } as const,
            ]
          : []),
        { target: idle, ...callError },
      ],
    },
  });

/** After a personal location is saved, a failed registration leaves it listed and selected. */
const savedLocationNotRegistered = {
  target: '#emergency.chooseLocation.choosing',
  ...registerError,
} as const;

/**
 * Spec §4 confirm page: Valid with one suggestion, Ambiguous with several to choose from, Invalid with
 * none ('No matching address found.' and Edit), Provisioning accepted. A personal location at the limit
 * goes on to the replace step; otherwise it is saved and the device registered at it. The device's own
 * address is registered directly.
 */
export const confirm = emergencySetup.createStateConfig({
  tags: ['screen.emergencyConfirm'],
  initial: 'reviewing',
  states: {
    reviewing: {
      on: {
        'user.chooseSuggestion': { guard: 'isSuggestionIndex', actions: 'assignSuggestion' },
        'user.useSuggestion': [
          { guard: 'isNothingToUse', actions: 'assignValidationMessage' },
          { guard: 'needsSuggestionChoice', actions: 'assignSuggestionChoiceError' },
          {
            guard: and(['isPersonalPurpose', 'isAtLimit']),
            target: '#emergency.replace',
            actions: 'acceptSuggestion',
          },
          { guard: 'isPersonalPurpose', target: 'saving', actions: 'acceptSuggestion' },
          { target: 'registering', actions: 'acceptSuggestion' },
        ],
        'user.edit': { target: '#emergency.editor.editing', actions: 'clearMessages' },
        'user.back': { target: '#emergency.editor.editing', actions: 'clearMessages' },
        'route.changed': [toChooser, toEditor, toVersionChanged],
      },
    },
    saving: saving('reviewing'),
    registering: registering('form', [
      { guard: 'isPersonalPurpose', ...savedLocationNotRegistered },
      fieldRefused,
      { target: 'reviewing', ...registerError },
    ]),
  },
});

/** Spec §4 personal ERL limit: which of the user's own locations the new one replaces. */
export const replace = emergencySetup.createStateConfig({
  tags: ['screen.emergencyReplace'],
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'user.chooseReplacement': { guard: 'isPersonalLocation', actions: 'assignReplacement' },
        'user.submit': [
          { guard: 'hasNoReplacement', actions: 'assignNoSelectionError' },
          { target: 'saving', actions: 'clearMessages' },
        ],
        'user.back': { target: '#emergency.confirm.reviewing', actions: 'assignValidationMessage' },
        'route.changed': [toConfirm, toEditor],
      },
    },
    saving: saving('choosing'),
    registering: registering('form', [savedLocationNotRegistered]),
  },
});
