import { type AddressValues, checkAddressFields, normaliseAddressValues } from '../../api/addressRules.ts';
import type {
  AddressFieldError,
  AddressFormat,
  AddressValidation,
  EmergencyAddress,
} from '../../api/contract/emergency.ts';
import type { AddressCatalogue, AddressValidator } from './address/ports.ts';
import { EmergencyFailure } from './emergency.errors.ts';

export interface AddressKnowledge {
  catalogue: AddressCatalogue;
  validator: AddressValidator;
}

export interface CheckedAddress {
  /** Trimmed, only the format's fields, a listed state as its isoCode in capitals. */
  address: EmergencyAddress;
  format: AddressFormat;
  validation: AddressValidation;
}

/**
 * Every address the server stores or answers about passes here, whatever the page checked: the format
 * (an Emergency one, of the address's own country), the spec §5 field rules (api/addressRules.ts, the
 * same module as the page), a listed state being one of the list, then the validator with the
 * local-area rule when `phoneNumber` is given.
 */
export async function checkAddress(
  knowledge: AddressKnowledge,
  input: { address: EmergencyAddress; addressFormatId: string; phoneNumber?: string | undefined },
): Promise<CheckedAddress> {
  const format = knowledge.catalogue.formatById(input.addressFormatId);
  if (!format?.applicableToAddressTypes.includes('Emergency'))
    throw new EmergencyFailure(400, 'EA-NOT-SUPPORTED', 'Unknown or non-emergency address format');
  if (input.address.country !== format.countryIsoCode)
    throw new EmergencyFailure(400, 'EA-NOT-SUPPORTED', "The address's country differs from its format's");
  const typed = valuesOf(input.address);
  const fieldErrors = fieldErrorsOf(knowledge, format, typed);
  if (fieldErrors.length > 0)
    throw new EmergencyFailure(400, 'EA-FIELDS', 'Validation errors occurred in the address fields', {
      fieldErrors,
    });
  const values = normaliseAddressValues(format, typed);
  if (values.state !== undefined && isSelect(format, 'state')) values.state = values.state.toUpperCase();
  const address: EmergencyAddress = { ...values, country: format.countryIsoCode };
  const verdict = await knowledge.validator.check({ address, format, phoneNumber: input.phoneNumber });
  if (verdict.kind === 'outsideLocalArea')
    throw new EmergencyFailure(
      400,
      'EA-OUTSIDE-LOCAL-AREA',
      "The address is outside the local area of the number's area code",
    );
  if (verdict.kind === 'notSupported')
    throw new EmergencyFailure(400, 'EA-NOT-SUPPORTED', 'The address is not supported');
  return { address, format, validation: verdict.validation };
}

const isSelect = (format: AddressFormat, name: string) =>
  format.fields.some((field) => field.name === name && field.input === 'select');

/** The typed fields that are present (the contract's optional fields may hold undefined). */
const valuesOf = (address: EmergencyAddress): AddressValues =>
  Object.fromEntries(Object.entries(address).filter(([, value]) => value !== undefined));

function fieldErrorsOf(
  knowledge: AddressKnowledge,
  format: AddressFormat,
  address: AddressValues,
): AddressFieldError[] {
  const errors = checkAddressFields(format, address);
  const states = knowledge.catalogue.statesFor(format.countryId);
  for (const field of format.fields) {
    const value = address[field.name]?.trim();
    if (field.input !== 'select' || !value || errors.some((error) => error.field === field.name)) continue;
    if (!states.some((state) => state.isoCode === value.toUpperCase()))
      errors.push({ field: field.name, rule: 'invalid' });
  }
  const order = (error: AddressFieldError) => format.fields.findIndex((field) => field.name === error.field);
  return errors.sort((a, b) => order(a) - order(b));
}

/** Two addresses are the same place when every field agrees, case and spacing aside. */
export function sameAddress(a: EmergencyAddress, b: EmergencyAddress): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof EmergencyAddress>;
  keys.delete('customerName');
  const norm = (value: string | undefined) => (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  return [...keys].every((key) => norm(a[key]) === norm(b[key]));
}
