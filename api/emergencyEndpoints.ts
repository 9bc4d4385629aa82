import type * as z from 'zod/mini';
import type { ApiClient } from './client.ts';
import {
  type addEmergencyLocationBody,
  addEmergencyLocationReply,
  type addressFormatBody,
  addressFormatReply,
  type deleteEmergencyLocationBody,
  deleteEmergencyLocationReply,
  extensionContactInfoReply,
  extensionTrackingInfoReply,
  listDeviceEmergencyAddressReply,
  listEmergencyLocationsReply,
  type registerVirtualLineBody,
  registerVirtualLineReply,
  statesReply,
  type validateAddressBody,
  validateAddressReply,
} from './contract/emergency.ts';

type Body<T extends z.ZodMiniType> = Omit<z.input<T>, 'clientId'>;
type Session = { sessionId?: string | undefined };

/**
 * The emergency-address calls of spec §7 (docs/emergency-address.md), one function each, every reply
 * parsed by its contract schema. A file of its own so they load with the emergency flow's chunk, not
 * with the first screen.
 */
export function createEmergencyEndpoints(api: ApiClient) {
  const get = <D>(
    path: string,
    query: Record<string, string | undefined>,
    reply: z.ZodMiniType<{ data: D }>,
  ) => api.get(path, query, reply).then((r) => r.data);
  const post = <D>(path: string, body: object, reply: z.ZodMiniType<{ data: D }>) =>
    api.post(path, body, reply).then((r) => r.data);
  return {
    getStates: ({ countryId, sessionId }: Session & { countryId: number }) =>
      get('/api/config/states', { countryId: String(countryId), sessionId }, statesReply).then(
        (d) => d.records,
      ),
    getAddressFormats: (body: Body<typeof addressFormatBody>) =>
      post('/api/config/address-format', body, addressFormatReply).then((d) => d.records),
    getExtensionContactInfo: ({ sessionId }: Session) =>
      get('/api/account/extension-contact-info', { sessionId }, extensionContactInfoReply),
    getExtensionTrackingInfo: ({ sessionId }: Session) =>
      get('/api/account/extension-tracking-info', { sessionId }, extensionTrackingInfoReply),
    listDeviceEmergencyAddress: (query: Session & { deviceId?: string | undefined }) =>
      get('/api/account/list-device-emergency-address', query, listDeviceEmergencyAddressReply),
    listEmergencyLocations: ({ sessionId }: Session) =>
      get('/api/account/list-emergency-locations', { sessionId }, listEmergencyLocationsReply),
    addEmergencyLocation: (body: Body<typeof addEmergencyLocationBody>) =>
      post('/api/account/add-emergency-location', body, addEmergencyLocationReply),
    deleteEmergencyLocation: (body: Body<typeof deleteEmergencyLocationBody>) =>
      post('/api/account/delete-emergency-location', body, deleteEmergencyLocationReply),
    validateAddress: (body: Body<typeof validateAddressBody>) =>
      post('/api/account/validate-address', body, validateAddressReply),
    registerVirtualLine: (body: Body<typeof registerVirtualLineBody>) =>
      post('/api/account/register-virtual-line', body, registerVirtualLineReply),
  };
}

export type EmergencyEndpoints = ReturnType<typeof createEmergencyEndpoints>;
