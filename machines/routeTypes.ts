import type { IdentityEntrance } from '../api/contract/identity.ts';
import type { ContactBy } from '../api/contract/twoFactor.ts';
import type { Credential } from '../api/credential.ts';

/**
 * Every route's name and parameters (house rule 3). A leaf module: the route table (routes.ts), its
 * families (accountRoutes.ts …) and the flows' types import it, and it imports no machine module, so
 * the table and its families import one way.
 */

/** Why the room was not signed in: the device callback's three answers (docs/room-activation.md). */
export type RoomNotActivatedReason = 'denied' | 'expired' | 'failed';

export type Route =
  | { name: 'root' }
  | { name: 'enterCredential' }
  | { name: 'enterPassword'; kind: Credential['kind']; credential: string }
  | { name: 'ssoLogin' }
  | { name: 'consent' }
  | { name: 'error'; code: string }
  | { name: 'warning'; code: string }
  | { name: 'loginAutomationNotification' }
  | { name: 'launchApp' }
  | { name: 'selectAccount' }
  | { name: 'signedOut' }
  | { name: 'twoFactorDispatcher' }
  | { name: 'twoFactorOptions' }
  | { name: 'twoFactorVerify'; channel: ContactBy; contact?: string | undefined }
  | { name: 'twoFactorSetup' }
  | { name: 'resetPassword' }
  | { name: 'resetPasswordEmail'; email?: string | undefined }
  | { name: 'resetPasswordNumber'; number?: string | undefined }
  | { name: 'resetPasswordSend'; setupPassword: boolean }
  | { name: 'resetPasswordSent'; setupPassword: boolean }
  | { name: 'createPassword'; token: string }
  | { name: 'resetComplete' }
  | { name: 'expressLinkRequest' }
  | { name: 'expressLinkSent' }
  | { name: 'expressLink'; token: string }
  | { name: 'enforceResetPassword' }
  | { name: 'changeOneTimePassword'; credential: string }
  | { name: 'changePassword'; credential: string }
  | { name: 'changePasswordSuccess' }
  | { name: 'legacyPasswordChange'; credential: string }
  | { name: 'activateAccount' }
  | { name: 'activate'; token: string }
  | { name: 'confirmEmail' }
  | { name: 'confirmEmailLink'; token: string }
  | { name: 'emergencyLoading' }
  | { name: 'emergencyNoDigitalLine' }
  | { name: 'emergencyByoc' }
  | { name: 'emergencyNoLocations' }
  | { name: 'emergencyLocked' }
  | { name: 'emergencyVersionChanged' }
  | { name: 'emergencyChooseLocation' }
  | { name: 'emergencyDeleteReplacement' }
  | { name: 'emergencyOutOfCountry' }
  | { name: 'emergencyEditor' }
  | { name: 'emergencyConfirm' }
  | { name: 'emergencyReplace' }
  | { name: 'emergencySaved' }
  | { name: 'fedrampNotice' }
  | { name: 'termsOfService' }
  | { name: 'retiredApp' }
  | { name: 'roomActivation'; userCode?: string | undefined }
  | { name: 'roomActivated' }
  | { name: 'roomNotActivated'; reason: RoomNotActivatedReason }
  | { name: 'ssoOutcome'; ssoType: IdentityEntrance; code?: string | undefined; email?: string | undefined }
  | { name: 'loginOption' }
  | { name: 'passkeyOffer' }
  | { name: 'passkeyList' };

export type RouteName = Route['name'];
/** The account flow's routes, in their own table (machines/accountRoutes.ts). */
export type AccountRouteName = Extract<
  RouteName,
  | `resetPassword${string}`
  | 'createPassword'
  | 'resetComplete'
  | `expressLink${string}`
  | 'enforceResetPassword'
  | 'changeOneTimePassword'
  | `changePassword${string}`
  | 'legacyPasswordChange'
  | `activate${string}`
  | `confirmEmail${string}`
>;
/** The emergency-address flow's routes, in their own table (machines/emergencyRoutes.ts). */
export type EmergencyRouteName = Extract<RouteName, `emergency${string}`>;
/** The notices flow's routes, in their own table (machines/noticeRoutes.ts). */
export type NoticeRouteName = Extract<RouteName, 'fedrampNotice' | 'termsOfService' | 'retiredApp'>;
/** The room activation flow's routes, in their own table (machines/roomRoutes.ts). */
export type RoomRouteName = Extract<RouteName, `room${string}`>;
/** The passkeys flow's routes, in their own table (machines/passkeyRoutes.ts). */
export type PasskeyRouteName = Extract<RouteName, 'passkeyOffer' | 'passkeyList'>;
/** The identity provider's failures and the login option page, in their own table (machines/ssoRoutes.ts). */
export type SsoRouteName = Extract<RouteName, 'ssoOutcome' | 'loginOption'>;
export type ScreenTag = `screen.${Exclude<RouteName, 'root'>}`;

/**
 * What a route needs from a machine's context to be built: the sign-in machine's, or a lazily loaded
 * flow's (the two-factor flow names its channel and the masked contact a code went to).
 */
export interface RouteSource {
  credential?: Credential | undefined;
  failure?: { code: string } | undefined;
  channel?: ContactBy | undefined;
  maskedContact?: string | undefined;
  /** The account flow's recovery email or number as typed, its emailed link's token, and whether it sets a first password. */
  identifier?: string | undefined;
  token?: string | undefined;
  setupPassword?: boolean | undefined;
  /** The room flow's answer from the device callback, when the room was not signed in. */
  notActivatedReason?: RoomNotActivatedReason | undefined;
  /** The address the page started at: where the identity provider's failure landed (docs/notices.md "SSO notices"). */
  initialRoute?: Route | undefined;
}
