import { type AddressValues, normaliseAddressValues } from '../../api/addressRules.ts';
import type { AddressFieldName, EmergencyAddress, StateRecord } from '../../api/contract/emergency.ts';
import type { AddressForm } from './emergency.actors.ts';
import type { AddressDraft, EmergencyContext, EmergencySituation } from './emergency.types.ts';

/**
 * The address form's pure rules: what a draft starts with, the address it stands for, and what the
 * dispatcher reads of the situation. Kept apart from the setup so each reads in one place.
 */

/** An address's field values without its country (a draft's `values`). */
export function valuesOf(address: EmergencyAddress | undefined): AddressValues {
  const values: AddressValues = {};
  for (const [name, value] of Object.entries(address ?? {}))
    if (name !== 'country' && value !== undefined) values[name as AddressFieldName] = value;
  return values;
}

/** The address a draft stands for, as the server stores it: trimmed, only its format's fields. */
export function addressOf(draft: AddressDraft): EmergencyAddress {
  return { country: draft.format.countryIsoCode, ...normaliseAddressValues(draft.format, draft.values) };
}

const sameValues = (format: AddressDraft['format'], a: AddressValues, b: AddressValues) =>
  format.fields.every(
    ({ name }) => (a[name] ?? '').trim().toLowerCase() === (b[name] ?? '').trim().toLowerCase(),
  );

/**
 * Spec §4 Confirm on a changed verification version: the address on record still validates as it is
 * (Valid, and no suggestion other than itself), so it is registered again without another page.
 */
export function isValidAsTyped(draft: AddressDraft, validation: EmergencyContext['validation']): boolean {
  if (validation?.status !== 'Valid') return false;
  const { suggestions } = validation;
  return (
    suggestions.length === 0 ||
    (suggestions.length === 1 && sameValues(draft.format, valuesOf(suggestions[0]), draft.values))
  );
}

/** The address on record as a draft in its own form (validated again under a new version). */
export function recordedDraft(form: AddressForm, situation: EmergencySituation | undefined) {
  const { format, states } = form;
  const address = situation?.device?.address;
  // An address abroad is not rewritten into the home country's form.
  if (!format || address?.country !== format.countryIsoCode) return undefined;
  const values = valuesOf(address);
  return { countryId: format.countryId, format, states, values, nickname: '' } satisfies AddressDraft;
}

/** A value the state list no longer has (another country's state) is dropped rather than sent. */
function keepKnownState(values: AddressValues, states: readonly StateRecord[]): AddressValues {
  if (!values.state || states.length === 0 || states.some((s) => s.isoCode === values.state)) return values;
  const { state: _unknown, ...rest } = values;
  return rest;
}

/**
 * A draft for a country's form. A form loaded again (another country after I Accept) keeps what was
 * typed in the fields both forms have; a first one starts from the device's address where it is in
 * the same country (the verification-version edit), and from the customer's name.
 */
export function draftOf(
  form: AddressForm & { format: NonNullable<AddressForm['format']> },
  context: EmergencyContext,
) {
  const { format, states } = form;
  const previous = context.draft;
  const device = context.situation?.device?.address;
  const start: AddressValues = previous
    ? previous.values
    : {
        ...(context.situation?.customerName ? { customerName: context.situation.customerName } : {}),
        ...(context.purpose === 'deviceAddress' && device?.country === format.countryIsoCode
          ? valuesOf(device)
          : {}),
      };
  const values: Partial<Record<AddressFieldName, string>> = {};
  const known = keepKnownState(start, states);
  for (const field of format.fields) {
    const value = known[field.name];
    if (value !== undefined) values[field.name] = value;
  }
  return {
    countryId: format.countryId,
    format,
    states,
    values,
    nickname: previous?.nickname ?? '',
  } satisfies AddressDraft;
}

/** The user's own personal locations (spec §6), the ones the limit counts. */
export const personalLocationsOf = (situation: EmergencySituation | undefined) =>
  (situation?.locations ?? []).filter((location) => location.category === 'personal');

/** Spec §4 verification version: the device's address was confirmed under an older one. */
export const isVersionOutdated = (situation: EmergencySituation | undefined) => {
  const device = situation?.device;
  return (
    device?.address !== undefined &&
    device.verificationVersion < (situation?.tracking.currentVerificationVersion ?? 0)
  );
};

/** The device register-virtual-line names (spec §3 originalDeviceId). */
export const deviceIdOf = (situation: EmergencySituation | undefined) =>
  situation?.tracking.originalDeviceId ?? situation?.device?.deviceId ?? '';
