import * as account from './account.ts';
import * as auth from './auth.ts';
import * as emergency from './emergency.ts';
import { get, type Operation, post } from './operationGroups.ts';
import * as passkeys from './passkeys.ts';

const emergencyErrors = { errorReply: emergency.emergencyErrorReply };

/** The passkey, emergency-address and account-lifecycle rows of the table of calls (operations.ts). */
export const accountOperations: readonly Operation[] = [
  post(
    'passkeys',
    '/passkeys/authentication-options',
    'Passkey sign-in: options',
    passkeys.authenticationOptionsBody,
    passkeys.authenticationOptionsReply,
  ),
  post(
    'passkeys',
    '/passkeys/authentication',
    'Passkey sign-in',
    passkeys.authenticationBody,
    passkeys.authenticationReply,
  ),
  post(
    'passkeys',
    '/passkeys/registration-options',
    'Passkey registration: options',
    passkeys.registrationOptionsBody,
    passkeys.registrationOptionsReply,
  ),
  post(
    'passkeys',
    '/passkeys/registration',
    'Register a passkey',
    passkeys.registrationBody,
    passkeys.registrationReply,
  ),
  get('passkeys', '/passkeys', "The account's passkeys", passkeys.passkeysQuery, passkeys.passkeysReply),
  post(
    'passkeys',
    '/passkeys/offer-dismissal',
    'Dismiss the passkey offer',
    passkeys.offerDismissalBody,
    passkeys.offerDismissalReply,
  ),
  post('passkeys', '/passkeys/removal', 'Remove a passkey', passkeys.removalBody, passkeys.removalReply),
  {
    ...get(
      'emergency',
      '/config/states',
      'States of a country',
      emergency.statesQuery,
      emergency.statesReply,
    ),
    ...emergencyErrors,
  },
  {
    ...post(
      'emergency',
      '/config/address-format',
      'Address formats',
      emergency.addressFormatBody,
      emergency.addressFormatReply,
    ),
    ...emergencyErrors,
  },
  {
    ...get(
      'emergency',
      '/account/extension-contact-info',
      "The line's contact details",
      emergency.extensionQuery,
      emergency.extensionContactInfoReply,
    ),
    ...emergencyErrors,
  },
  {
    ...get(
      'emergency',
      '/account/extension-tracking-info',
      "The line's tracking details",
      emergency.extensionQuery,
      emergency.extensionTrackingInfoReply,
    ),
    ...emergencyErrors,
  },
  {
    ...get(
      'emergency',
      '/account/list-device-emergency-address',
      "The device's emergency address",
      emergency.listDeviceEmergencyAddressQuery,
      emergency.listDeviceEmergencyAddressReply,
    ),
    ...emergencyErrors,
  },
  {
    ...get(
      'emergency',
      '/account/list-emergency-locations',
      'Emergency locations',
      emergency.listEmergencyLocationsQuery,
      emergency.listEmergencyLocationsReply,
    ),
    ...emergencyErrors,
  },
  {
    ...post(
      'emergency',
      '/account/add-emergency-location',
      'Add an emergency location',
      emergency.addEmergencyLocationBody,
      emergency.addEmergencyLocationReply,
    ),
    ...emergencyErrors,
  },
  {
    ...post(
      'emergency',
      '/account/delete-emergency-location',
      'Delete an emergency location',
      emergency.deleteEmergencyLocationBody,
      emergency.deleteEmergencyLocationReply,
    ),
    ...emergencyErrors,
  },
  {
    ...post(
      'emergency',
      '/account/validate-address',
      'Validate an address',
      emergency.validateAddressBody,
      emergency.validateAddressReply,
    ),
    ...emergencyErrors,
  },
  {
    ...post(
      'emergency',
      '/account/register-virtual-line',
      'Register the emergency address',
      emergency.registerVirtualLineBody,
      emergency.registerVirtualLineReply,
    ),
    ...emergencyErrors,
  },
  post(
    'account',
    '/account/lookup-credential',
    'Look up an account for recovery',
    account.lookupCredentialBody,
    account.lookupCredentialReply,
  ),
  post(
    'account',
    '/account/email-recovery-link',
    'Email a password reset link',
    account.emailRecoveryLinkBody,
    account.emailSentReply,
  ),
  post(
    'account',
    '/account/reset-password-info',
    'Check a reset link',
    account.resetPasswordInfoBody,
    account.resetPasswordInfoReply,
  ),
  post(
    'account',
    '/account/reset-password',
    'Set a new password from a link',
    account.resetPasswordBody,
    account.loginIdReply,
  ),
  post(
    'account',
    '/account/email-express-link',
    'Email a sign-in link',
    account.emailExpressLinkBody,
    account.emailSentReply,
  ),
  post(
    'account',
    '/account/login-with-express-link',
    'Sign in with an emailed link',
    account.loginWithExpressLinkBody,
    auth.loginReply,
  ),
  post(
    'account',
    '/account/change-password',
    'Change a password',
    account.changePasswordBody,
    account.loginIdReply,
  ),
  post(
    'account',
    '/account/change-legacy-password',
    'Replace a numeric password',
    account.changeLegacyPasswordBody,
    account.loginIdReply,
  ),
  post(
    'account',
    '/account/send-activation',
    'Email an activation link',
    account.sendActivationBody,
    account.emailSentReply,
  ),
  post(
    'account',
    '/account/in-app-activation',
    'Activate in the app',
    account.inAppActivationBody,
    account.activatedReply,
  ),
  post(
    'account',
    '/loginWithActivationCode',
    'Sign in with an activation code',
    account.loginWithActivationCodeBody,
    auth.loginReply,
  ),
  post(
    'account',
    '/account/resend-confirmation',
    'Resend the email confirmation',
    account.resendConfirmationBody,
    account.emailSentReply,
  ),
  post(
    'account',
    '/account/confirm-email',
    'Confirm an email address',
    account.confirmEmailBody,
    account.emailConfirmedReply,
  ),
];
