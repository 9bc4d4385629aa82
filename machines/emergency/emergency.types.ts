import type {
  AddressFieldName,
  AddressFormat,
  AddressValidation,
  DeviceEmergencyAddress,
  EmergencyLocation,
  ExtensionTrackingInfo,
  StateRecord,
} from '../../api/contract/emergency.ts';
import type { MessageLookup, UiMessage } from '../errors.ts';
import type { Route } from '../routes.ts';

/**
 * The emergency-address flow (spec §2 /emergencyAddress family, §4, §6; docs/emergency-address.md).
 * The sign-in machine invokes it when the code request answers 701 (an address is needed) or 702 (no
 * digital line); when it ends `completed`, the code request is retried with eaCompleted=true.
 */
export type EmergencyEntry = { code: 701 } | { code: 702 };

export interface EmergencyInput {
  clientId: string;
  brandId: string;
  sessionId: string | undefined;
  localeId: string;
  lookup: MessageLookup;
  entry: EmergencyEntry;
}

/** What the dispatcher decided from (loaded once when the flow starts). */
export interface EmergencySituation {
  tracking: ExtensionTrackingInfo;
  /** The device's current record, when it has one. */
  device: DeviceEmergencyAddress | undefined;
  locations: readonly EmergencyLocation[];
  erlLimit: number;
  /** Prefill for the customer-name field. */
  customerName: string;
}

/** The address form being filled: its country's format and state list, and the values typed. */
export interface AddressDraft {
  countryId: number;
  format: AddressFormat;
  states: readonly StateRecord[];
  values: Partial<Record<AddressFieldName, string>>;
  /** ERL mode: the new personal location's nickname. */
  nickname: string;
}

/** A country the editor offers out of country; the page names it in the user's language from isoCode. */
export interface EmergencyCountry {
  id: number;
  isoCode: string;
}

/** What the editor is for: the device's own address, or a new personal location. */
export type EditPurpose = 'deviceAddress' | 'personalLocation';

export interface EmergencyContext extends EmergencyInput {
  situation: EmergencySituation | undefined;
  purpose: EditPurpose;
  draft: AddressDraft | undefined;
  /** validate-address's answer for the draft. */
  validation: AddressValidation | undefined;
  /** The suggestion the user picked on the confirm page (index into validation.suggestions). */
  chosenSuggestion: number | undefined;
  /** The location picked on the chooser, or the one just added. */
  selectedLocationId: string | undefined;
  /**
   * At the personal limit: the personal location the new one replaces. Deleting a location another
   * number uses (deleteReplacement): the location that number moves to.
   */
  replaceLocationId: string | undefined;
  /** A location being deleted, and the candidates another number may move to (spec §4 ERL in use). */
  deletingLocationId: string | undefined;
  replacementCandidates: readonly string[];
  /** The out-of-country disclaimer was accepted (I Accept). */
  outOfCountryAccepted: boolean;
  /** Out of country: the countries the editor's country list offers (loaded after I Accept). */
  countries: readonly EmergencyCountry[];
  /** The country the editor's form is for (or is being loaded for); the user's own until I Accept. */
  formCountryId: number;
  /** register-virtual-line's answer: how long the new address may take (the saved page's 48 hours). */
  takesEffectWithinHours: number | undefined;
  /**
   * A field's message. The field-rule messages ('Please input a {field}', '{field} is not valid', …)
   * carry `values.field` as the field's label key (AddressFormatField.labelKey, or 'nickname'): the
   * page words it as the label it shows (`emergency.label.{labelKey}`), so the message names the
   * field in the page's language.
   */
  fieldErrors: Partial<Record<AddressFieldName | 'nickname', UiMessage>>;
  /** A message for the page as a whole (a refused call, 'Please select an Emergency Response Location'). */
  formError: UiMessage | undefined;
  /** A notice the page opens with (verification version updated, ERL deleted). */
  notice: UiMessage | undefined;
  /** What ended the flow on a page of its own. */
  pageError: unknown;
}

export type EmergencyEvent =
  /** Chooser: pick a company or personal location. */
  | { type: 'user.selectLocation'; locationId: string }
  /** Chooser: register the selected location. */
  | { type: 'user.submit' }
  /** Chooser: add a new personal location; device address mode: edit the address. */
  | { type: 'user.addLocation' }
  | { type: 'user.edit' }
  /** Version changed: keep the address as it is, after validating it again. */
  | { type: 'user.confirmAddress' }
  /** Chooser/editor: "I am outside {country}". */
  | { type: 'user.outOfCountry' }
  | { type: 'user.accept' }
  /** Editor: the country changed (out of country only) or a field changed (clears its error). */
  | { type: 'user.changeCountry'; countryId: number }
  | { type: 'user.changeField'; field: AddressFieldName | 'nickname'; value: string }
  | { type: 'user.saveAddress' }
  /** Confirm page: pick one of several suggestions; use it. */
  | { type: 'user.chooseSuggestion'; index: number }
  | { type: 'user.useSuggestion' }
  /** At the limit: which personal location the new one replaces. */
  | { type: 'user.chooseReplacement'; locationId: string }
  | { type: 'user.deleteLocation'; locationId: string }
  | { type: 'user.continue' }
  | { type: 'user.back' }
  | { type: 'user.retry' }
  | { type: 'route.changed'; route: Route };

export type EmergencyOutput =
  /** The address is registered or acknowledged: retry the code request with eaCompleted=true. */
  { outcome: 'completed' } | { outcome: 'failed'; error: unknown } | { outcome: 'sessionExpired' };

export type EmergencyTag =
  | 'busy'
  | 'loading'
  /** The dispatcher's pages (spec §2 emergency-address dispatcher, editor, confirm, disclaimer). */
  | 'screen.emergencyLoading'
  | 'screen.emergencyNoDigitalLine'
  | 'screen.emergencyByoc'
  | 'screen.emergencyNoLocations'
  | 'screen.emergencyVersionChanged'
  | 'screen.emergencyChooseLocation'
  | 'screen.emergencyEditor'
  | 'screen.emergencyConfirm'
  | 'screen.emergencyReplace'
  | 'screen.emergencyDeleteReplacement'
  | 'screen.emergencyOutOfCountry'
  | 'screen.emergencyLocked'
  | 'screen.emergencySaved';
