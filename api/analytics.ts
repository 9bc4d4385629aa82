/**
 * The analytics events of spec §9, shared by the page (machines/analytics.ts) and the server, which
 * sends them itself where the page never loads (server/analytics/). Events carry ids and kinds, never
 * what the user typed.
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
