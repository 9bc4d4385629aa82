import { credentialSegment, parseCredential } from '../../api/credential.ts';
import type { Route } from '../routes.ts';
import { accountSetup } from './account.setup.ts';
import type { AccountContext, AccountInput, AccountOutput, AccountStart } from './account.types.ts';
import { accountInfoOf } from './accountForms.ts';
import { accountStartOf } from './accountStart.ts';
import { changeStates } from './states/change.ts';
import {
  activatingWithLink,
  confirmingEmailLink,
  creatingPassword,
  signingInWithLink,
} from './states/links.ts';
import { activating, confirmingEmail, requestingExpressLink } from './states/mail.ts';
import { recovering } from './states/recovery.ts';

/** What the recovery pages start with: the address's email or number, or login_hint for a set-up link. */
function recoveryIdentifier(route: Route, loginHint: string | undefined): string {
  if (route.name === 'resetPasswordEmail') return route.email ?? '';
  if (route.name === 'resetPasswordNumber') return route.number ?? '';
  if (route.name === 'resetPasswordSend') return loginHint?.trim() ?? '';
  return '';
}

function initialContext(input: AccountInput): AccountContext {
  const { entry, credential: signedInAs, authenticated, ...rest } = input;
  const start =
    input.start ??
    (entry
      ? accountStartOf(entry, {
          credential: signedInAs,
          authenticated: authenticated === true,
          loginHint: input.loginHint,
        })
      : ({ flow: 'none' } as const));
  const credential = 'credential' in start ? start.credential : undefined;
  const identifier =
    start.flow === 'recover'
      ? recoveryIdentifier(start.route, input.loginHint)
      : start.flow === 'activationLink'
        ? (start.userName ?? '')
        : credential
          ? credentialSegment(credential)
          : '';
  return {
    ...rest,
    start,
    credential,
    identifier,
    setupPassword:
      start.flow === 'recover' && start.route.name === 'resetPasswordSend' && start.route.setupPassword,
    token: 'token' in start ? start.token : undefined,
    maskedEmail: undefined,
    hasPin: false,
    accountInfo: accountInfoOf(parseCredential(identifier)),
    numberOfLastUsedPasswords: 0,
    passwordChange:
      start.flow === 'requiredChange' ? start.change : start.flow === 'legacyChange' ? 'legacy' : 'change',
    loginId: undefined,
    fieldErrors: {},
    formError: undefined,
    emailSent: false,
    login: undefined,
    pageError: undefined,
  };
}

const startedAs = (flow: AccountStart['flow']) => ({ type: 'isStartedAs', params: { flow } }) as const;
const changeKind = (kind: AccountContext['passwordChange']) =>
  ({ type: 'isChangeKind', params: { kind } }) as const;

/**
 * The password, PIN and account part of the one statechart (spec §2 password families, §3, §4, §8):
 * recovery by email or phone number, the emailed reset, set-up, sign-in, activation and confirmation
 * links, the enforced, one-time, voluntary and legacy password changes, activation with a code and
 * confirm email. The sign-in machine invokes it (machines/states/managingAccount.ts) and loads it as a
 * chunk of its own (machines/lazyFlow.ts); its states carry the screen tags machines/routes.ts turns
 * into the address, and its final states name what the sign-in does next.
 */
export const accountMachine = accountSetup.createMachine({
  id: 'account',
  context: ({ input }) => initialContext(input),
  output: ({ event }) => (event as unknown as { output: AccountOutput }).output,
  on: {
    'user.chooseLocale': {
      actions: { type: 'assignLocale', params: ({ event }) => ({ localeId: event.localeId }) },
    },
  },
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: startedAs('none'), target: 'left' },
        { guard: startedAs('recover'), target: 'recovering' },
        { guard: startedAs('expressLink'), target: 'requestingExpressLink' },
        { guard: startedAs('createPassword'), target: 'creatingPassword' },
        { guard: startedAs('expressSignIn'), target: 'signingInWithLink' },
        { guard: startedAs('confirmEmailLink'), target: 'confirmingEmailLink' },
        { guard: startedAs('activationLink'), target: 'activatingWithLink' },
        { guard: startedAs('activate'), target: 'activating' },
        { guard: startedAs('confirmEmail'), target: 'confirmingEmail' },
        { guard: changeKind('enforced'), target: 'enforcedChange' },
        { guard: changeKind('oneTime'), target: 'oneTimeChange' },
        { guard: changeKind('legacy'), target: 'legacyChange' },
        { target: 'voluntaryChange' },
      ],
    },
    recovering,
    requestingExpressLink,
    creatingPassword,
    signingInWithLink,
    confirmingEmailLink,
    activatingWithLink,
    activating,
    confirmingEmail,
    enforcedChange: changeStates('required', 'screen.enforceResetPassword'),
    oneTimeChange: changeStates('required', 'screen.changeOneTimePassword'),
    voluntaryChange: changeStates('change', 'screen.changePassword'),
    legacyChange: changeStates('legacy', 'screen.legacyPasswordChange'),
    resetComplete: { tags: ['screen.resetComplete'], on: { 'user.continue': 'signInAgain' } },
    changeSucceeded: {
      tags: ['screen.changePasswordSuccess'],
      on: {
        'user.continue': [{ guard: changeKind('legacy'), target: 'signInAgain' }, { target: 'changed' }],
      },
    },
    left: { type: 'final', output: { outcome: 'back' } },
    changed: { type: 'final', output: { outcome: 'changed' } },
    signInAgain: {
      type: 'final',
      output: ({ context }) => ({ outcome: 'signIn', loginId: context.loginId ?? context.identifier }),
    },
    authenticated: {
      type: 'final',
      output: ({ context }) =>
        context.login ? { outcome: 'authenticated', login: context.login } : { outcome: 'back' },
    },
    failed: { type: 'final', output: ({ context }) => ({ outcome: 'failed', error: context.pageError }) },
    sessionExpired: { type: 'final', output: { outcome: 'sessionExpired' } },
  },
});
