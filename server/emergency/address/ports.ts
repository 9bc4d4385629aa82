import type {
  AddressFormat,
  AddressValidation,
  EmergencyAddress,
  StateRecord,
} from '../../../api/contract/emergency.ts';

/**
 * What the emergency-address service needs from address knowledge (docs/emergency-address.md
 * "Address formats and validation"). The reference implementations live beside this file; a
 * commercial validation service plugs in as another AddressValidator.
 */

/** Address-format records (spec §3: only those applicable to Emergency) and state lists. */
export interface AddressCatalogue {
  /** The country's Emergency formats; empty for a country id the platform does not serve. */
  formatsFor(countryId: number): readonly AddressFormat[];
  formatById(formatId: string): AddressFormat | undefined;
  statesFor(countryId: number): readonly StateRecord[];
}

export interface AddressCheck {
  /** Already passed api/addressRules.ts checkAddressFields and normalised. */
  address: EmergencyAddress;
  format: AddressFormat;
  /** The phone number the address is for (E.164), for the local-area-code rule; absent = not applied. */
  phoneNumber?: string | undefined;
}

/**
 * An honest answer: Valid (one suggestion: the address as the gazetteer spells it), Ambiguous (the
 * typed address disagrees with the data: one or several corrected suggestions to choose from), Invalid
 * (none: 'No matching address found.'), or Provisioning (accepted on its format, checked later).
 * Only Valid and Provisioning addresses are ever registered. `outsideLocalArea` refuses it for
 * emergency routing (spec §5).
 */
export type AddressVerdict =
  | { kind: 'checked'; validation: AddressValidation }
  | { kind: 'outsideLocalArea' }
  | { kind: 'notSupported' };

export interface AddressValidator {
  check(input: AddressCheck): Promise<AddressVerdict>;
}
