import type { RouteName } from '../routes.ts';
import { brandIdOf } from '../signIn.context.ts';
import type { SignInContext } from '../signIn.types.ts';

/** Back, forward and typed-in hashes: the machine accepts the ones its guards allow (house rule 3). */
export const toCredential = {
  guard: 'isRouteToCredential',
  target: '#signIn.identifying.enterCredential',
} as const;
export const toPassword = {
  guard: 'isRouteToStoredPassword',
  target: '#signIn.authenticating.enterPassword',
} as const;
/** Back to the picker: it lists the accounts signed in here anew. */
export const toPicker = {
  guard: 'isRouteToPicker',
  target: '#signIn.choosingAccount',
  actions: 'forgetSignedInAccounts',
} as const;
export const toConsent = { guard: 'isRouteToConsent', target: '#signIn.authorising.loadingConsent' } as const;

/**
 * The language selector's choice, in place whatever the state (docs/i18n.md): the page's locale, then
 * the address and the brand's texts. A state running a flow adds passing it on (machines/states/joinFlow.ts).
 */
export const chooseLocale = [
  {
    type: 'chooseLocale',
    params: ({ event }: { event: { localeId: string } }) => ({ localeId: event.localeId }),
  },
  'showLocaleOutside',
] as const;

/** Spec §4 cancel: back to the app with user_cancelled, from any screen that offers it. */
export const cancel = {
  target: '#signIn.leaving',
  actions: ['assignCancelRedirect', { type: 'track', params: { name: 'cancelled' } }],
} as const;

/** States that call with these values are only entered once they are set; a miss is a statechart bug. */
export function requireValue<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`signIn: ${name} is not set`);
  return value;
}

export const brandInput = ({ context }: { context: SignInContext }) => ({
  clientId: context.clientId,
  brandId: brandIdOf(context),
});

/** Entry actions of a routed screen: the analytics navigation event, then the back-stack pair (spec §4, §9). */
export const arriveAt = <D extends RouteName>(destination: D) =>
  [
    { type: 'trackNavigation', params: { destination } },
    { type: 'recordNavigation', params: { destination } },
  ] as const;

/** A failure with no better place to go: the error page, and the offline alert if the network is why. */
export const toErrorPage = {
  target: '#signIn.failed.error',
  actions: [
    { type: 'assignFailure', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
    {
      type: 'noteNetworkFailure',
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
    },
  ],
} as const;

/** The guard that a lazily loaded flow's onDone branches on: it ended with `name`. */
export const flowOutcome = <Output extends { outcome: string }>(name: Output['outcome']) =>
  ({
    type: 'isFlowOutcome',
    params: ({ event }: { event: { output: Output } }) => ({ outcome: name, output: event.output }),
  }) as const;

/** Signed in, or the passkey offer done: the consent page if it is still to come, else the code. */
export const toConsentOrCode = {
  always: [
    { guard: 'hasConsentPending', target: '#signIn.authorising.loadingConsent' },
    { target: '#signIn.authorising.requestingCode' },
  ],
} as const;
