import { ApiError } from '../../../api/errors.ts';
import { accountSetup } from '../account.setup.ts';
import { base, callError, fail, linkInvalid } from './shared.ts';

const loginIdOf = ({ event }: { event: { output: { loginId: string } } }) => event.output;

/** Spec §2 "create new password" (the emailed reset or set-up link), then "reset complete". */
export const creatingPassword = accountSetup.createStateConfig({
  initial: 'loadingInfo',
  states: {
    loadingInfo: {
      tags: ['screen.createPassword', 'loading', 'busy'],
      invoke: {
        id: 'loadResetInfo',
        src: 'loadResetInfo',
        input: ({ context }) => ({ clientId: context.clientId, token: context.token ?? '' }),
        onDone: {
          target: 'editing',
          actions: { type: 'assignResetInfo', params: ({ event }) => event.output },
        },
        onError: [linkInvalid, fail],
      },
    },
    editing: {
      tags: ['screen.createPassword'],
      on: {
        'user.submit': [
          {
            guard: { type: 'isFormInvalid', params: { form: 'reset' } },
            actions: { type: 'assignFormErrors', params: { form: 'reset' } },
          },
          { target: 'saving', actions: 'clearErrors' },
        ],
      },
    },
    saving: {
      tags: ['screen.createPassword', 'busy'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context, event }) => {
          const values = event.type === 'user.submit' ? event.values : {};
          return {
            clientId: context.clientId,
            token: context.token ?? '',
            password: values.password ?? '',
            ivrPin: context.hasPin && values.pin ? values.pin : undefined,
          };
        },
        onDone: {
          target: '#account.resetComplete',
          actions: [
            { type: 'assignLoginId', params: loginIdOf },
            { type: 'track', params: { name: 'passwordReset' } },
          ],
        },
        onError: [linkInvalid, { target: 'editing', ...callError }],
      },
    },
  },
});

/** The emailed sign-in link (spec §1 express email link): a session, then the sign-in goes on. */
export const signingInWithLink = accountSetup.createStateConfig({
  tags: ['screen.expressLink', 'busy'],
  invoke: {
    id: 'signInWithExpressLink',
    src: 'signInWithExpressLink',
    input: ({ context }) => ({
      clientId: context.clientId,
      token: context.token ?? '',
      rememberMe: context.rememberMe,
    }),
    onDone: {
      target: '#account.authenticated',
      actions: { type: 'assignLogin', params: ({ event }) => event.output },
    },
    onError: [linkInvalid, fail],
  },
});

/** Spec §2 "confirm email": the confirmation link, then a new sign-in. */
export const confirmingEmailLink = accountSetup.createStateConfig({
  initial: 'confirming',
  states: {
    confirming: {
      tags: ['screen.confirmEmailLink', 'busy'],
      invoke: {
        id: 'confirmEmail',
        src: 'confirmEmail',
        input: ({ context }) => ({ clientId: context.clientId, token: context.token ?? '' }),
        onDone: { target: 'confirmed', actions: { type: 'assignLoginId', params: loginIdOf } },
        onError: [linkInvalid, fail],
      },
    },
    confirmed: { tags: ['screen.confirmEmailLink'], on: { 'user.continue': '#account.signInAgain' } },
  },
});

/** The activation email's link (spec §7 in-app activation): activated, then a new sign-in. */
export const activatingWithLink = accountSetup.createStateConfig({
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'hasIdentifier', target: 'activating' },
        // A link without its account cannot be checked: the expired-link page, as for any bad link.
        {
          target: '#account.failed',
          actions: { type: 'assignFailure', params: { error: new ApiError({ code: 'API_ERROR_405' }) } },
        },
      ],
    },
    activating: {
      tags: ['screen.activate', 'busy'],
      invoke: {
        id: 'activateAccount',
        src: 'activateAccount',
        input: ({ context }) => ({
          ...base({ context }),
          userName: context.identifier,
          pin: context.token ?? '',
          theme: context.theme,
        }),
        onDone: { target: 'activated', actions: { type: 'assignLoginId', params: loginIdOf } },
        onError: [linkInvalid, fail],
      },
    },
    activated: { tags: ['screen.activate'], on: { 'user.continue': '#account.signInAgain' } },
  },
});
