import { assign, setup } from 'xstate';
import { checkAddressFields, checkNickname } from '../../api/addressRules.ts';
import { emergencyErrorCodes } from '../../api/contract/emergency.ts';
import { toApiError } from '../../api/errors.ts';
import { flowGuards } from '../flowHead.ts';
import { isConnectionProblem } from '../signIn.context.ts';
import { type AddressForm, emergencyActors } from './emergency.actors.ts';
import type {
  AddressDraft,
  EmergencyContext,
  EmergencyCountry,
  EmergencyEvent,
  EmergencyInput,
  EmergencyOutput,
  EmergencySituation,
  EmergencyTag,
} from './emergency.types.ts';
import {
  draftOf,
  isValidAsTyped,
  isVersionOutdated,
  personalLocationsOf,
  recordedDraft,
  valuesOf,
} from './emergencyDraft.ts';
import { callErrors, eaMessage, fieldMessages, fieldRefusal, nicknameMessage } from './emergencyErrors.ts';

type Args = { context: EmergencyContext; event: EmergencyEvent };
type ErrorParams = { error: unknown };
type Loaded = AddressForm & { countries?: EmergencyCountry[] | undefined };
type Validation = NonNullable<EmergencyContext['validation']>;
type Revalidated = { form: AddressForm; validation: Validation };

const errorCodeOf = (params: ErrorParams) => toApiError(params.error).errorCode;
const locationOf = (context: EmergencyContext, locationId: string | undefined) =>
  context.situation?.locations.find((location) => location.locationId === locationId);
/** The line had an address or location registered before this visit (a failed registration keeps it). */
const hasRecordedAddress = (context: EmergencyContext) => {
  const device = context.situation?.device;
  return (
    device !== undefined &&
    device.type !== 'NO_DEFINED_LOCATION' &&
    (device.address ?? device.locationId) !== undefined
  );
};
export const eventLocationId = (event: EmergencyEvent) =>
  'locationId' in event && typeof event.locationId === 'string' ? event.locationId : undefined;
/**
 * What the draft's rules say now, in the form's order (its error summary lists them so): for a
 * personal location the nickname's first, then the address fields'.
 */
function draftErrors(context: EmergencyContext, draft: AddressDraft) {
  const fieldErrors = fieldMessages(
    draft.format,
    checkAddressFields(draft.format, draft.values),
    context.lookup,
  );
  const nickname = context.purpose === 'personalLocation' ? checkNickname(draft.nickname) : undefined;
  return nickname ? { nickname: nicknameMessage(nickname, context.lookup), ...fieldErrors } : fieldErrors;
}

/** Spec §4 confirm page: 'No matching address found.' with none, the ambiguous message with several. */
function validationMessage(context: EmergencyContext, validation: Validation) {
  if (validation.status === 'Invalid')
    return eaMessage(
      context.lookup,
      validation.suggestions.length === 0 ? 'UI_ERROR_EA_NO_MATCH' : 'UI_ERROR_EA_INVALID',
    );
  if (validation.status === 'Ambiguous') return eaMessage(context.lookup, 'UI_ERROR_EA_AMBIGUOUS');
  return undefined;
}

const validated = (context: EmergencyContext, validation: Validation) => ({
  validation,
  // One suggestion is the one offered; among several the user chooses.
  chosenSuggestion: validation.suggestions.length === 1 ? 0 : undefined,
  formError: validationMessage(context, validation),
  fieldErrors: {},
});

/**
 * The emergency flow's guards, actions and actors, by name (house rule 1); the location list's actions
 * join in emergency.locations.ts, which the flow's states and machine use.
 */
export const emergencyBaseSetup = setup({
  types: {
    context: {} as EmergencyContext,
    events: {} as EmergencyEvent,
    input: {} as EmergencyInput,
    output: {} as EmergencyOutput,
    tags: {} as EmergencyTag,
  },
  actors: emergencyActors,
  guards: {
    ...flowGuards,
    isNoDigitalLineEntry: ({ context }: Args) => context.entry.code === 702,
    isConnectionFailure: (_: Args, params: ErrorParams) => isConnectionProblem(toApiError(params.error).code),
    // Spec §4 dispatcher, in its order (docs/emergency-address.md).
    hasNoDigitalLine: ({ context }: Args) => context.situation?.tracking.hasDigitalLine === false,
    isByoc: ({ context }: Args) => context.situation?.tracking.carrier === 'byoc',
    hasNoLocations: ({ context }: Args) =>
      context.situation?.tracking.emergencyLocationsEnabled === true &&
      context.situation.locations.length === 0 &&
      !context.situation.tracking.personalLocationsAllowed,
    isOrderLocked: ({ context }: Args) =>
      context.situation?.device?.locked === true && context.situation.device.address !== undefined,
    isVersionChanged: ({ context }: Args) =>
      context.situation?.tracking.emergencyLocationsEnabled !== true && isVersionOutdated(context.situation),
    areLocationsEnabled: ({ context }: Args) =>
      context.situation?.tracking.emergencyLocationsEnabled === true,
    arePersonalLocationsAllowed: ({ context }: Args) =>
      context.situation?.tracking.personalLocationsAllowed === true,
    hasDraft: ({ context }: Args) => context.draft !== undefined,
    hasValidation: ({ context }: Args) => context.validation !== undefined,
    isKnownLocation: ({ context, event }: Args) => locationOf(context, eventLocationId(event)) !== undefined,
    isPersonalLocation: ({ context, event }: Args) =>
      locationOf(context, eventLocationId(event))?.category === 'personal',
    isLocationInUse: ({ context, event }: Args) =>
      locationOf(context, eventLocationId(event))?.inUseByOtherNumber === true,
    isReplacementCandidate: ({ context, event }: Args) =>
      context.replacementCandidates.includes(eventLocationId(event) ?? ''),
    hasNoSelection: ({ context }: Args) => locationOf(context, context.selectedLocationId) === undefined,
    hasNoReplacement: ({ context }: Args) => context.replaceLocationId === undefined,
    hasFormat: (_: Args, params: Loaded) => params.format !== undefined,
    hasFieldErrors: ({ context }: Args) =>
      context.draft !== undefined && Object.keys(draftErrors(context, context.draft)).length > 0,
    // After I Accept (spec §4 out of country): any listed country but the form's own.
    isCountryChoice: ({ context, event }: Args) =>
      event.type === 'user.changeCountry' &&
      context.outOfCountryAccepted &&
      event.countryId !== context.draft?.countryId &&
      context.countries.some((country) => country.id === event.countryId),
    isSuggestionIndex: ({ context, event }: Args) =>
      event.type === 'user.chooseSuggestion' &&
      Number.isInteger(event.index) &&
      event.index >= 0 &&
      event.index < (context.validation?.suggestions.length ?? 0),
    // Nothing to use: no match, or an invalid address with nothing offered in its place.
    isNothingToUse: ({ context }: Args) =>
      context.validation?.status === 'Invalid' && context.chosenSuggestion === undefined,
    needsSuggestionChoice: ({ context }: Args) =>
      (context.validation?.suggestions.length ?? 0) > 1 && context.chosenSuggestion === undefined,
    isPersonalPurpose: ({ context }: Args) => context.purpose === 'personalLocation',
    // Spec §4: at the personal limit a new location replaces one of the user's own.
    isAtLimit: ({ context }: Args) =>
      personalLocationsOf(context.situation).length >= (context.situation?.erlLimit ?? 0),
    isRecordedAddressValid: ({ context }: Args, params: Revalidated) => {
      const draft = recordedDraft(params.form, context.situation);
      return draft !== undefined && isValidAsTyped(draft, params.validation);
    },
    hasRecordedForm: ({ context }: Args, params: Revalidated) =>
      recordedDraft(params.form, context.situation) !== undefined,
    isOutOfCountryOffered: ({ context }: Args) => !context.outOfCountryAccepted,
    isErlInUse: (_: Args, params: ErrorParams) => errorCodeOf(params) === emergencyErrorCodes.erlInUse,
    isErlDeleted: (_: Args, params: ErrorParams) => errorCodeOf(params) === emergencyErrorCodes.erlDeleted,
    isLimitReached: (_: Args, params: ErrorParams) =>
      errorCodeOf(params) === emergencyErrorCodes.limitReached,
    // The server refused the editor's own fields (the nickname's rules, EA-FIELDS): back to the editor.
    isFieldRefusal: ({ context }: Args, params: ErrorParams) =>
      fieldRefusal(toApiError(params.error), context) !== undefined,
  },
  actions: {
    assignFailure: assign({ pageError: (_, params: ErrorParams) => params.error }),
    assignSituation: assign((_, situation: EmergencySituation) => ({
      situation,
      selectedLocationId: [situation.device?.locationId, situation.tracking.lastSelectedLocationId].find(
        (id) => id !== undefined && situation.locations.some((location) => location.locationId === id),
      ),
      formCountryId: situation.tracking.userCountryId,
    })),
    // Spec §4: the page opens saying why it is shown again (a location deleted, the version updated).
    assignOpeningNotice: assign(({ context }) => ({
      notice: context.situation?.device?.locationDeleted
        ? eaMessage(context.lookup, 'UI_ERROR_EA_ERL_DELETED')
        : isVersionOutdated(context.situation)
          ? eaMessage(context.lookup, 'UI_ERROR_EA_VERSION_UPDATED')
          : undefined,
    })),
    assignCallError: assign(({ context }, params: ErrorParams) =>
      callErrors(toApiError(params.error), context),
    ),
    assignFieldRefusal: assign(({ context }, params: ErrorParams) => ({
      fieldErrors: fieldRefusal(toApiError(params.error), context) ?? {},
      formError: undefined,
    })),
    // Spec §4 nothing half-saved: a failed registration leaves the previous address, and says so.
    assignRegisterError: assign(({ context }, params: ErrorParams) => ({
      ...callErrors(toApiError(params.error), context),
      // Only a line that had an address before has one that "remains in effect".
      notice: hasRecordedAddress(context)
        ? eaMessage(context.lookup, 'UI_ERROR_EA_PREVIOUS_KEPT')
        : undefined,
    })),
    clearMessages: assign({ fieldErrors: {}, formError: undefined, notice: undefined }),
    startEditing: assign(({ context }, params: { purpose: EmergencyContext['purpose'] }) => ({
      purpose: params.purpose,
      draft: undefined,
      validation: undefined,
      chosenSuggestion: undefined,
      replaceLocationId: undefined,
      outOfCountryAccepted: false,
      formCountryId: context.situation?.tracking.userCountryId ?? context.formCountryId,
      fieldErrors: {},
      formError: undefined,
      notice: undefined,
    })),
    acceptDisclaimer: assign({ outOfCountryAccepted: true, formError: undefined }),
    assignForm: assign(({ context }, params: Loaded) => ({
      draft: params.format ? draftOf({ ...params, format: params.format }, context) : context.draft,
      countries: params.countries ?? context.countries,
      validation: undefined,
      chosenSuggestion: undefined,
    })),
    // The country has no Emergency format: the form stays as it was and says so.
    assignFormUnsupported: assign(({ context }) => ({
      formCountryId: context.draft?.countryId ?? context.situation?.tracking.userCountryId ?? 0,
      formError: eaMessage(context.lookup, 'UI_ERROR_EA_NOT_SUPPORTED'),
    })),
    assignFormCountry: assign(({ context, event }) => ({
      formCountryId: event.type === 'user.changeCountry' ? event.countryId : context.formCountryId,
      formError: undefined,
    })),
    assignFieldValue: assign(({ context, event }) => {
      if (event.type !== 'user.changeField' || !context.draft) return {};
      const { [event.field]: _cleared, ...fieldErrors } = context.fieldErrors;
      const draft =
        event.field === 'nickname'
          ? { ...context.draft, nickname: event.value }
          : { ...context.draft, values: { ...context.draft.values, [event.field]: event.value } };
      return { draft, fieldErrors, validation: undefined, chosenSuggestion: undefined };
    }),
    // The editor's error summary names and links each field in error: no general message besides.
    assignFieldErrors: assign(({ context }) => ({
      fieldErrors: context.draft ? draftErrors(context, context.draft) : {},
      formError: undefined,
    })),
    assignValidation: assign(({ context }, validation: Validation) => validated(context, validation)),
    // The address on record, as its own form shows it, and what validating it again answered.
    assignRevalidation: assign(({ context }, params: Revalidated) => ({
      purpose: 'deviceAddress' as const,
      draft: recordedDraft(params.form, context.situation),
      formCountryId: params.form.format?.countryId ?? context.formCountryId,
      ...validated(context, params.validation),
    })),
    assignValidationMessage: assign(({ context }) => ({
      formError: context.validation ? validationMessage(context, context.validation) : undefined,
      fieldErrors: {},
      notice: undefined,
    })),
    restoreFormCountry: assign(({ context }) => ({
      formCountryId: context.draft?.countryId ?? context.situation?.tracking.userCountryId ?? 0,
    })),
    assignSuggestion: assign(({ event }) => ({
      chosenSuggestion: event.type === 'user.chooseSuggestion' ? event.index : undefined,
      formError: undefined,
    })),
    assignSuggestionChoiceError: assign(({ context }) => ({
      formError: eaMessage(context.lookup, 'UI_ERROR_EA_AMBIGUOUS'),
    })),
    // The address to save is the suggestion chosen, where there is one; the typed one otherwise.
    acceptSuggestion: assign(({ context }) => {
      const suggestion = context.validation?.suggestions[context.chosenSuggestion ?? -1];
      if (!context.draft || !suggestion) return { formError: undefined };
      return { draft: { ...context.draft, values: valuesOf(suggestion) }, formError: undefined };
    }),
    assignRegistered: assign({
      takesEffectWithinHours: (_, params: { takesEffectWithinHours: number }) =>
        params.takesEffectWithinHours,
    }),
  },
});
