import type { RetiredApp } from '../../api/contract/notices.ts';
import type { Client } from '../clients/clients.service.ts';
import { applicationRetired } from './notices.errors.ts';

/** The UTC calendar day of an instant, as a `date` column holds it. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Whether the client is retired on this day. A retirement date still to come is announced, not in
 * force: the app keeps working until that day.
 */
export const isRetired = (client: Client, now: Date): boolean =>
  client.retiredOn !== null && client.retiredOn <= dayOf(now);

/** The one check every path that would issue a code or token to a client makes (216). */
export function refuseRetiredClient(client: Client, now: Date): void {
  if (isRetired(client, now)) throw applicationRetired(client.name);
}

/** GET /api/config/retired-app's data: the replacement's details for a retired client, else retired false. */
export function retiredAppOf(client: Client, now: Date): RetiredApp {
  if (!isRetired(client, now)) return { appName: client.name, retired: false };
  return {
    appName: client.name,
    retired: true,
    ...(client.replacementName ? { replacementName: client.replacementName } : {}),
    ...(client.replacementAppStoreUrl ? { appStoreUrl: client.replacementAppStoreUrl } : {}),
    ...(client.replacementDownloadUrl ? { downloadUrl: client.replacementDownloadUrl } : {}),
    ...(client.retiredOn ? { retiredOn: client.retiredOn } : {}),
  };
}
