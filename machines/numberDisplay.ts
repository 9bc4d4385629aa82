import { createBrandAssetEndpoints } from '../api/brandAssetEndpoints.ts';
import { apiClientFor } from './apiClients.ts';

/**
 * How a phone number shows on the page: as its own country writes it, with the country code
 * ("+1 650 555 0100", "+44 20 7946 0018"), from the number service (POST /api/number/parse, spec §7,
 * which formats with libphonenumber on the server: the library is too heavy for the page, see
 * docs/architecture.md "Decision — phone numbers in the page"). Display only, like the brand's asset
 * details: the machine keeps the number in E.164, the page shows that until the formatted text
 * arrives, and keeps it when the service cannot read the number or cannot be reached.
 */

const formatted = new Map<string, string>();
const asked = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();

/** The number's text for display, once it has arrived. */
export const numberTextOf = (e164: string): string | undefined => formatted.get(e164);

/** Calls `listener` whenever a number's text arrives; returns the unsubscribe. */
export function onNumberText(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Asks the number service for an E.164 number's display text, once per number and page. Login-info
 * asks it beside its own call, so the password page usually has it when it shows; the page asks too,
 * for a password page resumed after a reload. Never rejects.
 */
export function describeNumber(clientId: string, e164: string): Promise<void> {
  let pending = asked.get(e164);
  if (!pending) {
    pending = createBrandAssetEndpoints(apiClientFor(clientId))
      .parseNumbers({ numbers: [e164], nationalAsPriority: false })
      .then(([record]) => {
        if (!record?.parsed || !record.isValid || !record.formattedInternational) return;
        formatted.set(e164, record.formattedInternational);
        for (const listener of listeners) listener();
      })
      .catch(() => {
        // Unreadable or unreachable: the page keeps the E.164 form; a later page may ask again.
        asked.delete(e164);
      });
    asked.set(e164, pending);
  }
  return pending;
}
