import { passkeysSetup, sessionOf } from './passkeys.setup.ts';
import type { PasskeysContext, PasskeysInput, PasskeysOutput } from './passkeys.types.ts';

function initialContext(input: PasskeysInput): PasskeysContext {
  return {
    ...input,
    passkeys: [],
    created: false,
    removingId: undefined,
    removedName: undefined,
    listFailed: false,
    formError: undefined,
  };
}

const call = ({ context }: { context: PasskeysContext }) => ({
  clientId: context.clientId,
  sessionId: sessionOf(context),
});
const toSessionExpired = {
  guard: {
    type: 'isSessionExpired',
    params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
  },
  target: '#passkeys.sessionExpired',
} as const;
const showError = {
  actions: {
    type: 'assignCallError',
    params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
  },
} as const;

/** The browser's creation ceremony and its registration; a refusal stays on the page, saying why. */
const creatingThen = (target: '#passkeys.managing' | 'idle') =>
  passkeysSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      id: 'registerPasskey',
      src: 'registerPasskey',
      input: call,
      onDone: { target, actions: { type: 'assignCreated', params: ({ event }) => event.output } },
      onError: [toSessionExpired, { target: 'idle', ...showError }],
    },
  });

/**
 * The passkeys part of the one statechart (docs/passkeys.md). The sign-in machine invokes it as
 * `offerPasskeys` from `offeringPasskey` (machines/states/offeringPasskey.ts) through the one way flows
 * join (machines/states/joinFlow.ts), and loads it as a chunk of its own with @simplewebauthn/browser.
 * The offer is a courtesy: when its list cannot be loaded the sign-in simply goes on.
 */
export const passkeysMachine = passkeysSetup.createMachine({
  id: 'passkeys',
  context: ({ input }) => initialContext(input),
  output: ({ event }) => (event as unknown as { output: PasskeysOutput }).output,
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadPasskeys',
        src: 'loadPasskeys',
        input: call,
        onDone: [
          {
            guard: 'isManageEntry',
            target: 'managing',
            actions: { type: 'assignPasskeys', params: ({ event }) => event.output },
          },
          { guard: { type: 'isOfferDue', params: ({ event }) => event.output }, target: 'offer' },
          {
            guard: { type: 'isOfferAfterSecondFactor', params: ({ event }) => event.output },
            target: 'afterSecondFactor',
          },
          { target: 'continued' },
        ],
        onError: [
          toSessionExpired,
          {
            guard: 'isManageEntry',
            target: 'managing',
            actions: { type: 'assignListFailure', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'continued' },
        ],
      },
    },
    /** "Sign in faster next time with a passkey": Create or Not now. */
    offer: {
      tags: ['screen.passkeyOffer'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            'user.createPasskey': { target: 'creating', actions: 'clearMessages' },
            'user.notNow': 'dismissing',
          },
        },
        creating: creatingThen('#passkeys.managing'),
        // Remembering the choice is a courtesy too: the sign-in goes on whatever the call answers.
        dismissing: {
          tags: ['busy'],
          invoke: {
            id: 'dismissOffer',
            src: 'dismissOffer',
            input: call,
            onDone: '#passkeys.continued',
            onError: '#passkeys.continued',
          },
        },
      },
    },
    /** The account's passkeys: created and last used, remove one, create another. */
    managing: {
      tags: ['screen.passkeyList'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            'user.createPasskey': { target: 'creating', actions: 'clearMessages' },
            'user.removePasskey': { target: 'removing', actions: 'assignRemoving' },
            'user.retry': { target: '#passkeys.loading', actions: 'clearMessages' },
            'user.continue': [
              { guard: 'isManageEntry', target: '#passkeys.closed' },
              { target: '#passkeys.continued' },
            ],
          },
        },
        creating: creatingThen('idle'),
        removing: {
          tags: ['busy'],
          invoke: {
            id: 'removePasskey',
            src: 'removePasskey',
            input: ({ context }) => ({ ...call({ context }), passkeyId: context.removingId ?? '' }),
            onDone: {
              target: 'idle',
              actions: { type: 'assignRemoved', params: ({ event }) => event.output },
            },
            onError: [toSessionExpired, { target: 'idle', ...showError }],
          },
        },
      },
    },
    continued: {
      type: 'final',
      output: ({ context }) => ({ outcome: 'continued', created: context.created }),
    },
    afterSecondFactor: { type: 'final', output: { outcome: 'afterSecondFactor' } },
    closed: { type: 'final', output: { outcome: 'closed' } },
    sessionExpired: { type: 'final', output: { outcome: 'sessionExpired' } },
  },
});
