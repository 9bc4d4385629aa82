import { describe } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { checkAddressFields, checkNickname } from '../../api/addressRules.ts';
import { emergencyErrorCodes } from '../../api/contract/emergency.ts';
import { ApiError } from '../../api/errors.ts';
import type { EmergencyContext } from '../../machines/emergency/emergency.types.ts';
import {
  countries,
  emergencyInput,
  gbForm,
  homeAddress,
  noForm,
  registered,
  situations,
  usForm,
  validations,
} from '../fixtures/emergency.ts';
import { done, failed } from './actorEvents.ts';
import { itWalksEveryStateAndTransition } from './flowModel.ts';
import { createEmergencyModelMachine } from './projection.ts';

const refusal = (code: number, errorCode?: string, errorParameters?: Record<string, string>) =>
  new ApiError({
    code: `API_ERROR_${code}`,
    httpStatus: 400,
    backendMessage: 'no',
    ...(errorCode ? { errorCode } : {}),
    ...(errorParameters ? { errorParameters } : {}),
  });
const network = new ApiError({ code: 'UI_ERROR_NETWORK' });
const expired = refusal(221);
/** The server's EA-FIELDS with its field errors, the reply as the client keeps it. */
const fieldsRefused = new ApiError({
  code: 'API_ERROR_703',
  httpStatus: 400,
  backendMessage: 'no',
  errorCode: emergencyErrorCodes.fields,
  reply: {
    status: { success: false, code: 703, backendMessage: 'no' },
    errorCode: emergencyErrorCodes.fields,
    fieldErrors: [{ field: 'zip', rule: 'invalid' }],
  },
});
const field = (name: string, value: string) => ({ type: 'user.changeField', field: name, value });
const route = (name: string) => ({ type: 'route.changed', route: { name } });
/** The model's form: only the zip's format can be broken, so the draft is valid or not by one field. */
const form = {
  ...usForm,
  format: {
    ...usForm.format,
    fields: usForm.format.fields.map((f) => ({ ...f, required: f.name === 'customerName' })),
  },
};
const added = {
  location: { ...situations.locations.locations[1], locationId: 'new-1', nickname: 'Lake house' },
};

/** Every event the flow takes: user choices, addresses and every actor's outcomes. */
const events = [
  ...Object.values(situations).map((situation) => done('loadEmergencySituation', situation)),
  failed('loadEmergencySituation', network),
  failed('loadEmergencySituation', expired),
  failed('loadEmergencySituation', refusal(704)),
  { type: 'user.retry' },
  { type: 'user.continue' },
  done('loadAddressForm', form),
  done('loadAddressForm', { ...gbForm, countries }),
  done('loadAddressForm', noForm),
  failed('loadAddressForm', network),
  failed('loadAddressForm', expired),
  field('zip', 'bad'),
  field('zip', '94002'),
  field('nickname', 'Lake house'),
  { type: 'user.changeCountry', countryId: 224 },
  { type: 'user.outOfCountry' },
  { type: 'user.accept' },
  { type: 'user.back' },
  { type: 'user.edit' },
  { type: 'user.confirmAddress' },
  { type: 'user.saveAddress' },
  done('validateAddress', validations.valid),
  done('validateAddress', validations.ambiguous),
  done('validateAddress', validations.invalid),
  failed('validateAddress', refusal(703, emergencyErrorCodes.outsideLocalArea)),
  failed('validateAddress', fieldsRefused),
  failed('validateAddress', expired),
  { type: 'user.chooseSuggestion', index: 1 },
  { type: 'user.useSuggestion' },
  done('revalidateAddress', { form: usForm, validation: validations.validAsIs }),
  done('revalidateAddress', {
    form: usForm,
    validation: { status: 'Valid', suggestions: [{ ...homeAddress, zip: '94003' }] },
  }),
  done('revalidateAddress', { form: noForm, validation: validations.invalid }),
  failed('revalidateAddress', refusal(703)),
  failed('revalidateAddress', expired),
  done('addEmergencyLocation', added),
  failed('addEmergencyLocation', refusal(409, emergencyErrorCodes.nicknameExists, { name: 'Lake house' })),
  failed('addEmergencyLocation', refusal(409, emergencyErrorCodes.limitReached)),
  failed('addEmergencyLocation', refusal(409, emergencyErrorCodes.locationExists)),
  failed('addEmergencyLocation', expired),
  done('registerVirtualLine', registered),
  failed('registerVirtualLine', refusal(704, emergencyErrorCodes.erlDeleted)),
  failed('registerVirtualLine', refusal(704, emergencyErrorCodes.registerFailed)),
  failed('registerVirtualLine', fieldsRefused),
  failed('registerVirtualLine', expired),
  { type: 'user.selectLocation', locationId: 'hq' },
  { type: 'user.submit' },
  { type: 'user.addLocation' },
  { type: 'user.deleteLocation', locationId: 'home' },
  { type: 'user.deleteLocation', locationId: 'cabin' },
  done('deleteEmergencyLocation', { deletedLocationId: 'home' }),
  failed(
    'deleteEmergencyLocation',
    refusal(409, emergencyErrorCodes.erlInUse, { availableLocationIds: 'hq' }),
  ),
  failed('deleteEmergencyLocation', refusal(500, emergencyErrorCodes.deleteFailed)),
  failed('deleteEmergencyLocation', expired),
  { type: 'user.chooseReplacement', locationId: 'hq' },
  { type: 'user.chooseReplacement', locationId: 'home' },
  route('emergencyChooseLocation'),
  route('emergencyEditor'),
  route('emergencyConfirm'),
  route('emergencyVersionChanged'),
];

/** A 701 (the dispatcher) and a 702 (the no-digital-line warning). */
const inputs = [emergencyInput(701), emergencyInput(702)];

/** Whether the draft passes the page's own rules (what `hasFieldErrors` reads), not its every value. */
function draftValid(context: EmergencyContext) {
  const { draft } = context;
  if (!draft) return undefined;
  const fieldsValid = checkAddressFields(draft.format, draft.values).length === 0;
  return (
    fieldsValid && (context.purpose !== 'personalLocation' || checkNickname(draft.nickname) === undefined)
  );
}

/**
 * What the flow's guards read, each part only in the states whose guards read it (the situation, the
 * list and the draft everywhere else would multiply the graph by every combination a path can make;
 * each situation is still walked from its own dispatch). A merged state's context is the first path's,
 * which replay reproduces, so merging never makes a path land elsewhere than the model says.
 */
const serialize = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as EmergencyContext;
  const situation = context.situation;
  const within = (...states: string[]) => states.some((state) => snapshot.matches(state));
  const locations = situation?.locations.map((l) => l.locationId).join();
  return JSON.stringify([
    snapshot.value,
    situation && [
      situation.tracking.carrier,
      situation.tracking.hasDigitalLine,
      situation.tracking.emergencyLocationsEnabled,
      situation.tracking.personalLocationsAllowed,
      situation.erlLimit,
      situation.device?.locked,
      situation.device?.verificationVersion,
    ],
    within('chooseLocation', 'confirm', 'replace', 'deleteReplacement') ? locations : undefined,
    within('editor', 'confirm', 'replace') ? context.purpose : undefined,
    within('editor') ? [draftValid(context), context.draft?.countryId] : context.draft !== undefined,
    within('confirm')
      ? [context.validation?.status, context.validation?.suggestions.length, context.chosenSuggestion]
      : context.validation !== undefined,
    within('chooseLocation') ? context.selectedLocationId !== undefined : undefined,
    within('replace', 'deleteReplacement') ? context.replaceLocationId !== undefined : undefined,
    within('deleteReplacement') ? context.replacementCandidates.includes('hq') : undefined,
    within('editor', 'outOfCountry')
      ? [context.outOfCountryAccepted, context.countries.length > 0]
      : undefined,
  ]);
};

describe('emergency-address flow: generated paths', () => {
  itWalksEveryStateAndTransition(createEmergencyModelMachine(), inputs, events as EventObject[], serialize);
});
