import { describe } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { ApiError } from '../../api/errors.ts';
import type { AccountContext } from '../../machines/account/account.types.ts';
import { accountInput, ada, adaLogin, linkToken, resetInfo } from '../fixtures/account.ts';
import { done, failed } from './actorEvents.ts';
import { itWalksEveryStateAndTransition } from './flowModel.ts';
import { createAccountModelMachine } from './projection.ts';

const apiError = (code: number, errorCode?: string) =>
  new ApiError({ code: `API_ERROR_${code}`, httpStatus: 400, backendMessage: 'no', errorCode });
const network = new ApiError({ code: 'UI_ERROR_NETWORK' });
const mailed = { maskedEmail: 'a***a@e***e.com' };
const submit = (values: Record<string, string>) => ({ type: 'user.submit', values });
const strong = 'Lantern-Pier-58';

/** Every event the flow takes: user choices and forms (valid and not), addresses and every actor's outcomes. */
const events = [
  { type: 'user.chooseRecovery', via: 'email' },
  { type: 'user.chooseRecovery', via: 'number' },
  submit({ email: '' }),
  submit({ email: 'ada@example.com' }),
  submit({ number: '12' }),
  submit({ number: '+1 650 555 0144' }),
  submit({ password: 'short', passwordRetype: 'short' }),
  submit({ currentPassword: 'Violet-Harbor-47', password: strong, passwordRetype: strong }),
  submit({ code: '', currentPassword: '', answer: '' }),
  submit({ code: '123456', currentPassword: 'Violet-Harbor-47', answer: 'blue heron' }),
  { type: 'user.send' },
  { type: 'user.resend' },
  { type: 'user.back' },
  { type: 'user.continue' },
  // The language selector's choice, passed on by the sign-in machine: the flow stays where it is.
  { type: 'user.chooseLocale', localeId: 'de_DE' },
  done('lookUpCredential', { maskedEmail: mailed.maskedEmail, hasPin: true, ssoEnabled: false }),
  done('lookUpCredential', { hasPin: false, ssoEnabled: false }),
  failed('lookUpCredential', apiError(304)),
  failed('lookUpCredential', apiError(221)),
  done('sendRecoveryLink', mailed),
  failed('sendRecoveryLink', apiError(413)),
  failed('sendRecoveryLink', apiError(221)),
  done('sendExpressLink', mailed),
  failed('sendExpressLink', apiError(316)),
  done('sendActivationCode', mailed),
  failed('sendActivationCode', apiError(413)),
  done('resendConfirmation', mailed),
  failed('resendConfirmation', network),
  done('loadResetInfo', resetInfo),
  failed('loadResetInfo', apiError(405)),
  failed('loadResetInfo', network),
  done('resetPassword', { loginId: 'ada@example.com' }),
  failed('resetPassword', apiError(402, 'PWD-015')),
  failed('resetPassword', apiError(405)),
  done('signInWithExpressLink', adaLogin),
  failed('signInWithExpressLink', apiError(411)),
  failed('signInWithExpressLink', apiError(362)),
  done('changePassword', { loginId: 'ada@example.com' }),
  failed('changePassword', apiError(407)),
  failed('changePassword', apiError(221)),
  done('changeLegacyPassword', { loginId: 'ada@example.com' }),
  failed('changeLegacyPassword', apiError(108)),
  done('activateAccount', { loginId: 'ada@example.com', activated: true }),
  failed('activateAccount', apiError(310)),
  failed('activateAccount', apiError(405)),
  done('signInWithActivationCode', adaLogin),
  failed('signInWithActivationCode', apiError(400, 'ANSWER-002')),
  done('confirmEmail', { loginId: 'ada@example.com', confirmed: true }),
  failed('confirmEmail', apiError(405)),
  failed('confirmEmail', network),
  // A session that expired under any call ends the flow.
  ...[
    'sendExpressLink',
    'sendActivationCode',
    'signInWithActivationCode',
    'resendConfirmation',
    'changeLegacyPassword',
  ].map((id) => failed(id, apiError(221))),
  { type: 'route.changed', route: { name: 'resetPassword' } },
  { type: 'route.changed', route: { name: 'resetPasswordEmail', email: 'ada@example.com' } },
  { type: 'route.changed', route: { name: 'resetPasswordNumber' } },
];

/** Every way in: each start of the flow, and the recovery pages an address can name. */
const inputs = [
  accountInput({ flow: 'recover', route: { name: 'resetPassword' } }),
  accountInput({ flow: 'recover', route: { name: 'resetPasswordEmail', email: 'ada@example.com' } }),
  accountInput({ flow: 'recover', route: { name: 'resetPasswordNumber' } }),
  accountInput(
    { flow: 'recover', route: { name: 'resetPasswordSend', setupPassword: true } },
    'ada@example.com',
  ),
  accountInput({ flow: 'expressLink', credential: ada }),
  accountInput({ flow: 'createPassword', token: linkToken }),
  accountInput({ flow: 'expressSignIn', token: linkToken }),
  accountInput({ flow: 'confirmEmailLink', token: linkToken }),
  accountInput({ flow: 'activationLink', token: linkToken, userName: 'ada@example.com' }),
  accountInput({ flow: 'activationLink', token: linkToken, userName: undefined }),
  accountInput({ flow: 'requiredChange', change: 'enforced', credential: ada }),
  accountInput({ flow: 'requiredChange', change: 'oneTime', credential: ada }),
  accountInput({ flow: 'changePassword', credential: ada }),
  accountInput({ flow: 'legacyChange', credential: ada }),
  accountInput({ flow: 'activate', credential: ada }),
  accountInput({ flow: 'confirmEmail', credential: ada }),
  accountInput({ flow: 'none' }),
];

/** The active states plus what the flow's guards read. */
const serialize = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as AccountContext;
  return JSON.stringify([
    snapshot.value,
    context.identifier,
    context.hasPin,
    context.passwordChange,
    context.start.flow,
  ]);
};

describe('account flow: generated paths', () => {
  itWalksEveryStateAndTransition(createAccountModelMachine(), inputs, events as EventObject[], serialize);
});
