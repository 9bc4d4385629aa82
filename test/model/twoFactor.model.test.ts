import { describe } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { ApiError } from '../../api/errors.ts';
import { parseRoute } from '../../machines/routes.ts';
import type { TwoFactorContext, TwoFactorInput } from '../../machines/twoFactor/twoFactor.types.ts';
import { maskedContact, mfaPolicy, phoneAndEmail } from '../fixtures/twoFactor.ts';
import { done, failed } from './actorEvents.ts';
import { itWalksEveryStateAndTransition } from './flowModel.ts';
import { createTwoFactorModelMachine } from './projection.ts';

const masked = maskedContact;
const contacts = phoneAndEmail;
const policy = mfaPolicy;
const apiError = (code: number) =>
  new ApiError({ code: `API_ERROR_${code}`, httpStatus: 400, backendMessage: 'no' });
const network = new ApiError({ code: 'UI_ERROR_NETWORK' });
const sent = (contactBy: string) => ({
  contactBy,
  masked: contactBy === 'Email' ? masked.email : masked.phone,
  resendAfterSeconds: 30,
  expiresInSeconds: 600,
});

/**
 * Every event the flow takes: user choices, addresses, the end of the resend countdown, the code's
 * expiry warning and expiry, and every actor's outcomes.
 */
const events = [
  done('loadTwoFactorSettings', { settings: policy(), contacts }),
  done('loadTwoFactorSettings', { settings: policy({ secondFactorType: 'TOTP' }), contacts }),
  done('loadTwoFactorSettings', { settings: policy({ authenticatorRequired: true }), contacts }),
  done('loadTwoFactorSettings', { settings: policy(), contacts: [] }),
  failed('loadTwoFactorSettings', network),
  failed('loadTwoFactorSettings', apiError(221)),
  { type: 'user.retry' },
  { type: 'user.chooseMethod', contactBy: 'Phone' },
  { type: 'user.chooseMethod', contactBy: 'Email' },
  { type: 'user.chooseMethod', contactBy: 'APP' },
  done('sendSecurityCode', sent('Email')),
  failed('sendSecurityCode', apiError(321)),
  failed('sendSecurityCode', apiError(413)),
  failed('sendSecurityCode', apiError(221)),
  { type: 'model.after.resendCooldown' },
  { type: 'model.after.codeExpiryWarning' },
  { type: 'model.after.codeExpiry' },
  { type: 'user.resendCode' },
  { type: 'user.submitCode', code: '', trustDevice: false },
  { type: 'user.submitCode', code: '123 456', trustDevice: true },
  done('verifySecurityCode', { verified: true }),
  failed('verifySecurityCode', apiError(310)),
  failed('verifySecurityCode', apiError(326)),
  failed('verifySecurityCode', apiError(221)),
  { type: 'user.chooseAnotherMethod' },
  done('loadTotpEnrolment', {
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
    otpauthUri: 'otpauth://totp/Foyer:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
    issuer: 'Foyer',
    accountName: 'ada@example.com',
  }),
  failed('loadTotpEnrolment', network),
  failed('loadTotpEnrolment', apiError(221)),
  { type: 'user.copySecret' },
  done('copySecret', undefined),
  failed('copySecret', new Error('denied')),
  { type: 'user.continueSetup' },
  { type: 'user.showSecret' },
  done('verifyTotpEnrolment', { verified: true }),
  failed('verifyTotpEnrolment', apiError(315)),
  failed('verifyTotpEnrolment', apiError(221)),
  { type: 'route.changed', route: { name: 'twoFactorOptions' } },
  // The language selector's choice, passed on by the sign-in machine: the flow stays where it is.
  { type: 'user.chooseLocale', localeId: 'de_DE' },
  { type: 'route.changed', route: { name: 'twoFactorVerify', channel: 'Email', contact: masked.email } },
  { type: 'route.changed', route: { name: 'twoFactorVerify', channel: 'APP' } },
];

const input = (hash: string): TwoFactorInput => ({
  clientId: 'demo-app',
  sessionId: 's1',
  localeId: 'en_US',
  lookup: { brandId: '1210' },
  resumeRoute: hash ? parseRoute(hash) : undefined,
});
/** A fresh start, and reloads on a code entry (sent and authenticator) and on the setup page. */
const inputs = [
  input(''),
  input(`#/twoFactor/verify/Email/${encodeURIComponent(masked.email)}`),
  input('#/twoFactor/verify/APP'),
  input('#/twoFactor/setupAuthentication'),
];

/** The active states plus what the flow's guards read. */
const serialize = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as TwoFactorContext;
  return JSON.stringify([
    snapshot.value,
    context.settings?.secondFactorType,
    context.settings?.authenticatorRequired,
    context.contacts.length,
    context.unavailable,
    context.channel,
    context.codeSent,
    // Whether the code's expiry can be counted (a reload resumes a code entry without its lifetime).
    context.codeSentAt !== undefined && context.codeExpiresInSeconds !== undefined,
    context.resumeRoute?.name,
  ]);
};

describe('two-factor flow: generated paths', () => {
  itWalksEveryStateAndTransition(createTwoFactorModelMachine(), inputs, events as EventObject[], serialize);
});
