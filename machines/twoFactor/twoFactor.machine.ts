import { normaliseCode, twoFactorSetup } from './twoFactor.setup.ts';
import type { TwoFactorContext, TwoFactorOutput } from './twoFactor.types.ts';

const session = ({ context }: { context: TwoFactorContext }) => ({
  clientId: context.clientId,
  sessionId: context.sessionId,
});
/** A send goes to the channel chosen (sendingCode is entered only with a sent channel chosen). */
const sendInput = ({ context }: { context: TwoFactorContext }) => ({
  ...session({ context }),
  contactBy: context.channel === 'APP' || !context.channel ? ('Email' as const) : context.channel,
  localeId: context.localeId,
});
const expired = {
  guard: {
    type: 'isSessionExpired',
    params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
  },
  target: '#twoFactor.sessionExpired',
} as const;
const codeError = {
  actions: {
    type: 'assignCodeError',
    params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
  },
} as const;
const codeInput = (event: { type: string; code?: string; trustDevice?: boolean }) => ({
  code: normaliseCode(event.code ?? ''),
  trustDevice: event.trustDevice === true,
});

/**
 * The two-factor part of the one statechart (spec §2 /twoFactor/*, §4): the dispatcher, the options,
 * code entry with resend after a countdown and a warning before the code expires, and authenticator
 * setup. The sign-in machine invokes it when a code request answers 306 or 224
 * (machines/states/verifying.ts) and loads it as a chunk of its own (machines/lazyFlow.ts), so none of
 * it weighs on the first screen. Its states carry the screen tags that machines/routes.ts turns into
 * the address.
 */
export const twoFactorMachine = twoFactorSetup.createMachine({
  id: 'twoFactor',
  context: ({ input }): TwoFactorContext => ({
    ...input,
    settings: undefined,
    contacts: [],
    unavailable: [],
    channel: undefined,
    maskedContact: undefined,
    codeSent: false,
    resendAvailableAt: undefined,
    resendAfterSeconds: 30,
    codeExpiresInSeconds: undefined,
    codeSentAt: undefined,
    enrolment: undefined,
    fieldError: undefined,
    notice: undefined,
  }),
  on: {
    'route.changed': [
      { guard: 'isRouteToOptions', target: '.choosingMethod', actions: 'clearFieldError' },
      { guard: 'isRouteToSentCode', target: '.enteringCode', actions: 'clearFieldError' },
    ],
    'user.chooseLocale': {
      actions: { type: 'assignLocale', params: ({ event }) => ({ localeId: event.localeId }) },
    },
  },
  // The final state reached names the outcome (its own `output`).
  output: ({ event }) => (event as unknown as { output: TwoFactorOutput }).output,
  initial: 'dispatching',
  states: {
    dispatching: {
      tags: ['screen.twoFactorDispatcher', 'busy'],
      invoke: {
        id: 'loadTwoFactorSettings',
        src: 'loadTwoFactorSettings',
        input: session,
        onDone: {
          target: 'deciding',
          actions: { type: 'assignLoaded', params: ({ event }) => event.output },
        },
        onError: [expired, { target: 'loadFailed', ...codeError }],
      },
    },
    /** Spec §4 dispatcher: a reload resumes its screen; else authenticator, setup, or the options. */
    deciding: {
      always: [
        { guard: 'isResumingCodeEntry', target: 'enteringCode', actions: 'assignResumedChannel' },
        { guard: 'isResumingSetup', target: 'settingUp' },
        { guard: 'hasAuthenticator', target: 'enteringCode', actions: 'assignAuthenticatorChannel' },
        { guard: 'needsAuthenticatorSetup', target: 'settingUp' },
        { target: 'choosingMethod' },
      ],
    },
    loadFailed: {
      tags: ['screen.twoFactorDispatcher'],
      on: { 'user.retry': { target: 'dispatching', actions: 'clearFieldError' } },
    },
    choosingMethod: {
      tags: ['screen.twoFactorOptions'],
      on: {
        'user.chooseMethod': [
          { guard: 'isAuthenticatorChoice', target: 'enteringCode', actions: 'assignAuthenticatorChannel' },
          { guard: 'isOfferedChannel', target: 'sendingCode', actions: 'assignChosenChannel' },
        ],
      },
    },
    sendingCode: {
      tags: ['screen.twoFactorOptions', 'busy'],
      invoke: {
        id: 'sendSecurityCode',
        src: 'sendSecurityCode',
        input: sendInput,
        onDone: {
          target: 'enteringCode',
          actions: { type: 'assignSentCode', params: ({ event }) => ({ ...event.output, resent: false }) },
        },
        onError: [
          expired,
          // Spec §8 321: calls to the number are not available; the page steers to email.
          {
            guard: { type: 'isPhoneUnavailable', params: ({ event }) => ({ error: event.error }) },
            target: 'choosingMethod',
            actions: { type: 'assignPhoneUnavailable', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'choosingMethod', ...codeError },
        ],
      },
    },
    enteringCode: {
      tags: ['screen.twoFactorVerify'],
      type: 'parallel',
      on: {
        'user.chooseAnotherMethod': {
          guard: 'hasOptions',
          target: 'choosingMethod',
          actions: 'clearFieldError',
        },
      },
      states: {
        resend: {
          initial: 'choosing',
          states: {
            choosing: {
              always: [{ guard: 'isSentChannel', target: 'coolingDown' }, { target: 'notApplicable' }],
            },
            notApplicable: {},
            coolingDown: { after: { resendCooldown: 'available' } },
            available: { on: { 'user.resendCode': 'sending' } },
            sending: {
              tags: ['busy'],
              invoke: {
                id: 'sendSecurityCode',
                src: 'sendSecurityCode',
                input: sendInput,
                onDone: {
                  target: 'coolingDown',
                  actions: [
                    { type: 'assignSentCode', params: ({ event }) => ({ ...event.output, resent: true }) },
                    'raiseCodeSent',
                  ],
                },
                onError: [expired, { target: 'available', ...codeError }],
              },
            },
          },
        },
        /**
         * WCAG 2.2.1: a minute before the sent code expires the page says so once, beside Send a new
         * code, and once it has expired says that; a new code starts the count again. The times are
         * the sent code's (named delays, which tests replace); after a reload they are not known.
         */
        expiry: {
          initial: 'choosing',
          // An event of its own, not a target from the resend region: a transition into two regions
          // would leave and re-enter the code region too, and stop a verification under way.
          on: { 'code.sent': '.choosing' },
          states: {
            choosing: {
              always: [{ guard: 'hasCodeLifetime', target: 'valid' }, { target: 'unknown' }],
            },
            unknown: {},
            valid: { after: { codeExpiryWarning: 'expiring' } },
            expiring: { tags: ['codeExpiring'], after: { codeExpiry: 'expired' } },
            expired: { tags: ['codeExpired'] },
          },
        },
        code: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'user.submitCode': [
                  { guard: 'isCodeEmpty', actions: 'assignEmptyCodeError' },
                  { target: 'verifying', actions: 'clearFieldError' },
                ],
              },
            },
            verifying: {
              tags: ['busy'],
              invoke: {
                id: 'verifySecurityCode',
                src: 'verifySecurityCode',
                input: ({ context, event }) => ({
                  ...session({ context }),
                  contactBy: context.channel ?? 'APP',
                  ...codeInput(event),
                }),
                onDone: '#twoFactor.verified',
                onError: [
                  expired,
                  {
                    // Spec §4: verification is throttled after too many wrong attempts.
                    guard: { type: 'isVerificationLimit', params: ({ event }) => ({ error: event.error }) },
                    target: 'throttled',
                    ...codeError,
                  },
                  { target: 'editing', ...codeError },
                ],
              },
            },
            throttled: { on: { 'user.retry': { target: 'editing', actions: 'clearFieldError' } } },
          },
        },
      },
    },
    settingUp: {
      tags: ['screen.twoFactorSetup'],
      // Its codes are an authenticator's: the MFA scenario words their errors.
      entry: 'assignAuthenticatorChannel',
      on: {
        'user.chooseAnotherMethod': {
          guard: 'hasOptions',
          target: 'choosingMethod',
          actions: 'clearFieldError',
        },
      },
      initial: 'loadingSecret',
      states: {
        loadingSecret: {
          tags: ['busy'],
          invoke: {
            id: 'loadTotpEnrolment',
            src: 'loadTotpEnrolment',
            input: session,
            onDone: {
              target: 'showingSecret',
              actions: { type: 'assignEnrolment', params: ({ event }) => ({ enrolment: event.output }) },
            },
            onError: [expired, { target: 'loadFailed', ...codeError }],
          },
        },
        loadFailed: { on: { 'user.retry': { target: 'loadingSecret', actions: 'clearFieldError' } } },
        showingSecret: {
          on: {
            'user.copySecret': 'copyingSecret',
            'user.continueSetup': { target: 'enteringCode', actions: 'clearFieldError' },
          },
        },
        copyingSecret: {
          invoke: {
            id: 'copySecret',
            src: 'copySecret',
            input: ({ context }) => ({ secret: context.enrolment?.secret ?? '' }),
            onDone: {
              target: 'showingSecret',
              actions: { type: 'assignNotice', params: { notice: 'secretCopied' } },
            },
            onError: {
              target: 'showingSecret',
              actions: { type: 'assignNotice', params: { notice: 'copyFailed' } },
            },
          },
        },
        enteringCode: {
          on: {
            'user.showSecret': { target: 'showingSecret', actions: 'clearFieldError' },
            'user.submitCode': [
              { guard: 'isCodeEmpty', actions: 'assignEmptyCodeError' },
              { target: 'verifying', actions: 'clearFieldError' },
            ],
          },
        },
        verifying: {
          tags: ['busy'],
          invoke: {
            id: 'verifyTotpEnrolment',
            src: 'verifyTotpEnrolment',
            input: ({ context, event }) => ({ ...session({ context }), ...codeInput(event) }),
            onDone: '#twoFactor.verified',
            onError: [expired, { target: 'enteringCode', ...codeError }],
          },
        },
      },
    },
    verified: { type: 'final', output: { outcome: 'verified' } },
    sessionExpired: { type: 'final', output: { outcome: 'sessionExpired' } },
  },
});
