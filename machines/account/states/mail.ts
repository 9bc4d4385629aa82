import { accountSetup } from '../account.setup.ts';
import type { AccountTag } from '../account.types.ts';
import { callError, expired, mailInput, sent } from './shared.ts';

type MailActor = 'sendExpressLink' | 'sendActivationCode' | 'resendConfirmation';

/** A page that emails the account something on request, says where it went, and can send it again. */
function mailStates(src: MailActor, screen: AccountTag, sentScreen: AccountTag) {
  const send = (target: string, onFailure: string) => ({
    id: src,
    src,
    input: mailInput,
    onDone: { target, actions: sent },
    onError: [expired, { target: onFailure, ...callError }],
  });
  return {
    requesting: {
      tags: [screen],
      on: { 'user.send': { target: 'sending', actions: 'clearErrors' }, 'user.back': '#account.left' },
    },
    sending: { tags: [screen, 'busy'], invoke: send('sent', 'requesting') },
    sent: {
      tags: [sentScreen, 'mailSent'],
      on: {
        'user.resend': { target: 'resending', actions: 'clearErrors' },
        'user.continue': '#account.left',
      },
    },
    resending: { tags: [sentScreen, 'mailSent', 'busy'], invoke: send('sent', 'sent') },
  } as const;
}

/** "Email me a sign-in link" from the password page (spec §1 express email link). */
export const requestingExpressLink = accountSetup.createStateConfig({
  initial: 'requesting',
  states: mailStates('sendExpressLink', 'screen.expressLinkRequest', 'screen.expressLinkSent'),
});

/** 361 at sign-in (spec §2 "confirm email"): send the confirmation email again. */
export const confirmingEmail = accountSetup.createStateConfig({
  initial: 'requesting',
  states: mailStates('resendConfirmation', 'screen.confirmEmail', 'screen.confirmEmail'),
});

/**
 * 371 at sign-in (spec §3 activation): the activation code goes by email; the page then takes the
 * code, the account's password and an activation answer (spec §5) and signs in with them
 * (loginWithActivationCode).
 */
export const activating = accountSetup.createStateConfig({
  initial: 'requesting',
  states: {
    ...mailStates('sendActivationCode', 'screen.activateAccount', 'screen.activateAccount'),
    sent: {
      tags: ['screen.activateAccount', 'mailSent'],
      on: {
        'user.resend': { target: 'resending', actions: 'clearErrors' },
        'user.submit': [
          {
            guard: { type: 'isFormInvalid', params: { form: 'activation' } },
            actions: { type: 'assignFormErrors', params: { form: 'activation' } },
          },
          { target: 'verifying', actions: 'clearErrors' },
        ],
        'user.back': '#account.left',
      },
    },
    verifying: {
      tags: ['screen.activateAccount', 'mailSent', 'busy'],
      invoke: {
        id: 'signInWithActivationCode',
        src: 'signInWithActivationCode',
        input: ({ context, event }) => {
          const values = event.type === 'user.submit' ? event.values : {};
          return {
            clientId: context.clientId,
            brandId: context.brandId,
            userName: context.identifier,
            pin: (values.code ?? '').replace(/[\s-]/g, ''),
            password: values.currentPassword ?? '',
            activationAnswer: values.answer ?? '',
            rememberMe: context.rememberMe,
          };
        },
        onDone: {
          target: '#account.authenticated',
          actions: { type: 'assignLogin', params: ({ event }) => event.output },
        },
        onError: [expired, { target: 'sent', ...callError }],
      },
    },
  },
});
