/**
 * Analytics events of spec §9 through one typed module. Nothing is sent unless the host page plugs
 * in a sink (the default is none), and events carry ids and kinds, never what the user typed.
 */
export const analyticsEventNames = [
  'loginMainPage',
  'emailOrExtension',
  'sso',
  'google',
  'apple',
  'option',
  'expressLink',
  'manual',
  'withPassword',
  'cancelled',
  'forgotPassword',
  'resetPassword',
  'twoFactorStart',
  'continueWithStart',
  'e911Start',
  'consentStart',
  'passwordVerified',
  'authorizeSuccess',
  'roomsLoginSuccess',
  'passwordReset',
  'navigation',
] as const;
export type AnalyticsEventName = (typeof analyticsEventNames)[number];

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  /** Every analytics call uses the client id (spec §7). */
  clientId: string;
  brandId: string;
  properties?: Readonly<Record<string, string>>;
}

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
