import type { AnalyticsEvent } from '../../api/analytics.ts';
import type { Logger } from '../http/logger.ts';

/**
 * Where the server sends the spec's analytics events when it answers for the page (the one-redirect
 * path of a returning user, docs/sessions.md): the same events, with the same ids, as the page sends.
 */
export type ServerAnalytics = (event: AnalyticsEvent) => void;

/**
 * The default: one JSON line per event in the server's log, which a log shipper can forward. The
 * event holds the event name, the client and brand ids and, like the page's, nothing the user typed.
 */
export const loggedAnalytics =
  (logger: Logger): ServerAnalytics =>
  (event) =>
    logger.info(`analytics ${JSON.stringify({ ...event, via: 'server' })}`);

/** Sends an event; a failing sink never breaks a sign-in, as on the page (machines/analytics.ts). */
export function sendServerAnalytics(analytics: ServerAnalytics, event: AnalyticsEvent, logger: Logger) {
  try {
    analytics(event);
  } catch (error) {
    logger.error(`analytics sink failed: ${error instanceof Error ? error.message : 'unknown error'}`);
  }
}
