import { type ApiClient, createApiClient } from '../api/client.ts';

const clients = new Map<string, ApiClient>();
/** The one API client per client id; lazily loaded flows build their endpoints on it too. */
export function apiClientFor(clientId: string): ApiClient {
  let client = clients.get(clientId);
  if (!client) {
    client = createApiClient({ clientId });
    clients.set(clientId, client);
  }
  return client;
}
