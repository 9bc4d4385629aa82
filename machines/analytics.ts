/**
 * Analytics events of spec §9 through one typed module. Nothing is sent unless the host page plugs
 * in a sink (the default is none), and events carry ids and kinds, never what the user typed.
 */
import type { AnalyticsEvent } from '../api/analytics.ts';

export type { AnalyticsEvent, AnalyticsEventName } from '../api/analytics.ts';

export type AnalyticsSink = (event: AnalyticsEvent) => void;

let sink: AnalyticsSink | undefined;

/** Plugs in (or, with undefined, removes) the one sink; returns the previous one. */
export function setAnalyticsSink(next: AnalyticsSink | undefined): AnalyticsSink | undefined {
  const previous = sink;
  sink = next;
  return previous;
}

/** Sends an event to the sink. A failing sink never breaks sign-in. */
export function sendAnalytics(event: AnalyticsEvent): void {
  try {
    sink?.(event);
  } catch (error) {
    console.warn('Foyer: the analytics sink failed', error);
  }
}
