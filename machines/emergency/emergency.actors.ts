import { fromPromise } from 'xstate';
import type { AddressFormat, EmergencyAddress } from '../../api/contract/emergency.ts';
import { createEmergencyEndpoints, type EmergencyEndpoints } from '../../api/emergencyEndpoints.ts';
import { createSignInEndpoints } from '../../api/signInEndpoints.ts';
import { apiClientFor } from '../apiClients.ts';
import { withErrorMessages } from '../errors.ts';
import type { EmergencySituation } from './emergency.types.ts';

const endpointsByClient = new Map<string, EmergencyEndpoints>();
function emergencyEndpointsFor(clientId: string): EmergencyEndpoints {
  let endpoints = endpointsByClient.get(clientId);
  if (!endpoints) {
    endpoints = createEmergencyEndpoints(apiClientFor(clientId));
    endpointsByClient.set(clientId, endpoints);
  }
  return endpoints;
}

interface SessionInput {
  clientId: string;
  sessionId: string | undefined;
}

/**
 * What the dispatcher decides from (spec §4, §6): the tracking info, the device's record, the company
 * and personal locations and who the address is for, fetched together.
 */
export const loadEmergencySituation = fromPromise(
  ({ input }: { input: SessionInput }): Promise<EmergencySituation> =>
    withErrorMessages(async () => {
      const api = emergencyEndpointsFor(input.clientId);
      const session = { sessionId: input.sessionId };
      const [tracking, devices, locations, contact] = await Promise.all([
        api.getExtensionTrackingInfo(session),
        api.listDeviceEmergencyAddress(session),
        api.listEmergencyLocations(session),
        api.getExtensionContactInfo(session),
      ]);
      const records = devices.deviceEmergencyAddresses;
      return {
        tracking,
        // Only this line's own record: another of the user's numbers may have one, and taking it would
        // preselect (and register) a location the user never chose for this line.
        device: records.find((record) => record.deviceId === tracking.originalDeviceId),
        locations: locations.records,
        erlLimit: locations.erlLimit,
        customerName: `${contact.firstName} ${contact.lastName}`.trim(),
      };
    }),
);

export interface AddressForm {
  /** The country's Emergency format; undefined where it has none (the address is not supported). */
  format: AddressFormat | undefined;
  states: Awaited<ReturnType<EmergencyEndpoints['getStates']>>;
}

async function addressFormOf(input: SessionInput & { countryId: number }): Promise<AddressForm> {
  const api = emergencyEndpointsFor(input.clientId);
  const query = { countryId: input.countryId, sessionId: input.sessionId };
  const [formats, states] = await Promise.all([api.getAddressFormats(query), api.getStates(query)]);
  // Spec §3: only formats applicable to Emergency are kept.
  return { format: formats.find((f) => f.applicableToAddressTypes.includes('Emergency')), states };
}

/** A country's address form; after I Accept, the countries the selector offers too. */
export const loadAddressForm = fromPromise(
  ({ input }: { input: SessionInput & { brandId: string; countryId: number; withCountries: boolean } }) =>
    withErrorMessages(async () => {
      const [form, countries] = await Promise.all([
        addressFormOf(input),
        input.withCountries
          ? createSignInEndpoints(apiClientFor(input.clientId)).getCountries({ brandId: input.brandId })
          : Promise.resolve(undefined),
      ]);
      return { ...form, countries };
    }),
);

type ValidateInput = SessionInput & {
  address: EmergencyAddress;
  phoneCountryId: number;
  addressFormatId: string;
};

export const validateAddress = fromPromise(({ input }: { input: ValidateInput }) =>
  withErrorMessages(() => {
    const { clientId, ...body } = input;
    return emergencyEndpointsFor(clientId).validateAddress(body);
  }),
);

/**
 * The address on record, validated again under the verification version now in force (spec §4),
 * with the form it was written in, so the confirm page can offer Edit.
 */
export const revalidateAddress = fromPromise(({ input }: { input: ValidateInput & { countryId: number } }) =>
  withErrorMessages(async () => {
    const { clientId, countryId, ...body } = input;
    const [form, validation] = await Promise.all([
      addressFormOf({ clientId, sessionId: input.sessionId, countryId }),
      emergencyEndpointsFor(clientId).validateAddress(body),
    ]);
    return { form, validation };
  }),
);

type Call = 'addEmergencyLocation' | 'deleteEmergencyLocation' | 'registerVirtualLine';
type CallInput<C extends Call> = Parameters<EmergencyEndpoints[C]>[0] & { clientId: string };

/** One actor per write (spec §7): the call's body is the actor's input, plus the client id. */
function emergencyCall<C extends Call>(call: C) {
  return fromPromise(({ input }: { input: CallInput<C> }) =>
    withErrorMessages(() => {
      const { clientId, ...body } = input;
      const run = emergencyEndpointsFor(clientId)[call] as (
        body: object,
      ) => ReturnType<EmergencyEndpoints[C]>;
      return run(body) as Promise<Awaited<ReturnType<EmergencyEndpoints[C]>>>;
    }),
  );
}

export const emergencyActors = {
  loadEmergencySituation,
  loadAddressForm,
  validateAddress,
  revalidateAddress,
  addEmergencyLocation: emergencyCall('addEmergencyLocation'),
  deleteEmergencyLocation: emergencyCall('deleteEmergencyLocation'),
  registerVirtualLine: emergencyCall('registerVirtualLine'),
};
