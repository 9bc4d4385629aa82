import { accountSetup } from '../account.setup.ts';
import { callError, expired, mailInput, sent } from './shared.ts';

const route = (name: 'resetPassword' | 'resetPasswordEmail' | 'resetPasswordNumber' | 'resetPasswordSend') =>
  ({ type: 'isRouteTo', params: { name } }) as const;
const resumed = (name: 'resetPasswordEmail' | 'resetPasswordNumber' | 'resetPasswordSend') =>
  ({ type: 'isResumingRoute', params: { name } }) as const;
const sendRecoveryLink = (target: string, onFailure: string) => ({
  src: 'sendRecoveryLink' as const,
  input: ({ context }: Parameters<typeof mailInput>[0]) => ({
    ...mailInput({ context }),
    setupPassword: context.setupPassword,
  }),
  onDone: { target, actions: [sent, { type: 'track', params: { name: 'resetPassword' } }] as const },
  onError: [expired, { target: onFailure, ...callError }],
});

/**
 * Spec §2 /resetPassword family: choose email or phone number; by email the link goes at once; by
 * number the account is looked up and the page says where the link will go (sendRecoveryEmail) before
 * it is sent; then the sent page (sendEmailSuccess/resetPassword or …/setupPassword).
 */
export const recovering = accountSetup.createStateConfig({
  on: {
    'route.changed': [
      { guard: route('resetPassword'), target: '.choosing', actions: 'clearErrors' },
      { guard: route('resetPasswordEmail'), target: '.enteringEmail', actions: 'clearErrors' },
      { guard: route('resetPasswordNumber'), target: '.enteringNumber', actions: 'clearErrors' },
    ],
  },
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        { guard: resumed('resetPasswordEmail'), target: 'enteringEmail' },
        { guard: resumed('resetPasswordNumber'), target: 'enteringNumber' },
        { guard: 'hasIdentifier', target: 'lookingUp' },
        { target: 'choosing' },
      ],
    },
    choosing: {
      tags: ['screen.resetPassword'],
      on: {
        'user.chooseRecovery': [
          { guard: 'isEmailChoice', target: 'enteringEmail', actions: 'clearErrors' },
          { target: 'enteringNumber', actions: 'clearErrors' },
        ],
        'user.back': '#account.left',
      },
    },
    enteringEmail: {
      tags: ['screen.resetPasswordEmail'],
      on: {
        'user.submit': [
          { guard: 'isEmailInvalid', actions: 'assignEmailError' },
          { target: 'sendingFromEmail', actions: { type: 'assignIdentifier', params: { field: 'email' } } },
        ],
        'user.back': { target: 'choosing', actions: 'clearErrors' },
      },
    },
    sendingFromEmail: {
      tags: ['screen.resetPasswordEmail', 'busy'],
      invoke: { id: 'sendRecoveryLink', ...sendRecoveryLink('sent', 'enteringEmail') },
    },
    enteringNumber: {
      tags: ['screen.resetPasswordNumber'],
      on: {
        'user.submit': [
          { guard: 'isNumberInvalid', actions: 'assignNumberError' },
          { target: 'lookingUp', actions: { type: 'assignIdentifier', params: { field: 'number' } } },
        ],
        'user.back': { target: 'choosing', actions: 'clearErrors' },
      },
    },
    lookingUp: {
      tags: ['screen.resetPasswordNumber', 'busy'],
      invoke: {
        id: 'lookUpCredential',
        src: 'lookUpCredential',
        input: ({ context }) => ({
          clientId: context.clientId,
          brandId: context.brandId,
          credential: context.identifier,
        }),
        onDone: [
          {
            guard: { type: 'isWithoutRecoveryEmail', params: ({ event }) => event.output },
            target: 'enteringNumber',
            actions: 'assignNoRecoveryEmail',
          },
          {
            target: 'confirmingSend',
            actions: { type: 'assignLookup', params: ({ event }) => event.output },
          },
        ],
        onError: [expired, { target: 'enteringNumber', ...callError }],
      },
    },
    confirmingSend: {
      tags: ['screen.resetPasswordSend'],
      on: {
        'user.send': { target: 'sendingFromNumber', actions: 'clearErrors' },
        'user.back': { target: 'enteringNumber', actions: 'clearErrors' },
      },
    },
    sendingFromNumber: {
      tags: ['screen.resetPasswordSend', 'busy'],
      invoke: { id: 'sendRecoveryLink', ...sendRecoveryLink('sent', 'confirmingSend') },
    },
    sent: {
      tags: ['screen.resetPasswordSent'],
      on: {
        'user.resend': { target: 'resending', actions: 'clearErrors' },
        'user.continue': '#account.left',
      },
    },
    resending: {
      tags: ['screen.resetPasswordSent', 'busy'],
      invoke: { id: 'sendRecoveryLink', ...sendRecoveryLink('sent', 'sent') },
    },
  },
});
