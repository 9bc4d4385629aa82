import { FIRST_PARTY_CLIENT_ID } from './actors.ts';
import { readStoredSignIn } from './persistence.ts';
import { parseRoute } from './routes.ts';
import { brandIdOf, effectiveLocale, type SignInContext, signInSetup } from './signIn.setup.ts';

/** Back, forward and typed-in hashes: the machine accepts the ones its guards allow (house rule 3). */
const toCredential = { guard: 'isRouteToCredential', target: '#signIn.identifying.enterCredential' } as const;
const toPassword = {
  guard: 'isRouteToStoredPassword',
  target: '#signIn.authenticating.enterPassword',
} as const;
const toConsent = { guard: 'isRouteToConsent', target: '#signIn.authorising.loadingConsent' } as const;
/** Spec §4 cancel: back to the app with user_cancelled, from any screen that offers it. */
const cancel = { target: '#signIn.leaving', actions: 'assignCancelRedirect' } as const;

/** States that call with these values are only entered once they are set; a miss is a statechart bug. */
function requireValue<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`signIn: ${name} is not set`);
  return value;
}

const brandInput = ({ context }: { context: SignInContext }) => ({
  clientId: context.clientId,
  brandId: brandIdOf(context),
});

/**
 * The one statechart of spec §2 and §4 (walking-skeleton slice): start-up rules, credential →
 * password → consent → code request → redirect, the code-request status table, cancel and reject.
 * Screens are tags; machines/routes.ts turns the active tag into the hash.
 */
export const signInMachine = signInSetup.createMachine({
  id: 'signIn',
  context: ({ input }): SignInContext => ({
    search: input.search,
    initialRoute: parseRoute(input.hash),
    stored: input.stored,
    clientId: FIRST_PARTY_CLIENT_ID,
    params: undefined,
    paramsIssue: undefined,
    brandConfig: undefined,
    locales: undefined,
    loginBrandId: undefined,
    credentialText: '',
    credential: undefined,
    authenticated: false,
    app: undefined,
    fieldError: undefined,
    toast: undefined,
    offlineAlert: 'none',
    failure: undefined,
    appRedirect: undefined,
    redirectUrl: undefined,
    screen: undefined,
    backStack: [],
  }),
  on: {
    // Spec §4: the 'no internet connection' alert, shown once, a moment after a network failure.
    'connection.alertDue': { guard: 'isOfflineAlertPending', actions: 'showOfflineAlert' },
    'user.dismissAlert': { guard: 'isOfflineAlertShown', actions: 'dismissOfflineAlert' },
    'user.chooseLocale': {
      actions: { type: 'reloadWithLocale', params: ({ event }) => ({ localeId: event.localeId }) },
    },
  },
  initial: 'booting',
  states: {
    booting: {
      tags: ['screen.progress', 'busy'],
      invoke: {
        id: 'loadStartup',
        src: 'loadStartup',
        input: ({ context }) => ({ search: context.search }),
        onDone: {
          target: 'choosingFirstScreen',
          actions: { type: 'assignStartup', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed.error',
          actions: [
            { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'noteNetworkFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    choosingFirstScreen: {
      always: [
        { guard: 'hasInvalidParams', target: 'failed.error', actions: 'assignParamsFailure' },
        { guard: 'hasErrorCodeParam', target: 'failed.error', actions: 'assignErrorCodeParam' },
        { guard: 'isResumingPassword', target: 'authenticating.enterPassword', actions: 'restoreCredential' },
        {
          guard: 'isResumingConsent',
          target: 'authorising.loadingConsent',
          actions: 'restoreAuthentication',
        },
        {
          guard: 'isSkippingLoginIdPage',
          target: 'identifying.checkingCredential',
          actions: 'assignLoginHint',
        },
        { guard: 'isForced', target: 'identifying.enterCredential' },
        { guard: 'isConsentHidden', target: 'authorising.requestingCode' },
        { target: 'authorising.loadingConsent' },
      ],
    },
    identifying: {
      on: { 'route.changed': [toPassword, toConsent], 'user.cancel': cancel },
      initial: 'enterCredential',
      states: {
        enterCredential: {
          tags: ['screen.enterCredential'],
          entry: { type: 'recordNavigation', params: { destination: 'enterCredential' } },
          on: {
            'user.submitCredential': [
              { guard: 'hasValidCredential', target: 'checkingCredential', actions: 'assignCredential' },
              { actions: 'assignCredentialError' },
            ],
          },
        },
        checkingCredential: {
          tags: ['screen.enterCredential', 'busy'],
          invoke: {
            id: 'lookupLoginInfo',
            src: 'lookupLoginInfo',
            input: ({ context }) => ({
              ...brandInput({ context }),
              credential: requireValue(context.credential, 'credential'),
            }),
            onDone: [
              {
                guard: { type: 'isOtherBrand', params: ({ event }) => ({ brandId: event.output.brandId }) },
                target: 'switchingBrand',
                actions: [
                  'persistSignIn',
                  { type: 'assignLoginBrand', params: ({ event }) => ({ brandId: event.output.brandId }) },
                ],
              },
              { target: '#signIn.authenticating.enterPassword', actions: 'persistSignIn' },
            ],
            onError: [
              {
                guard: { type: 'isPageFailure', params: ({ event }) => ({ error: event.error }) },
                target: '#signIn.failed.error',
                actions: { type: 'assignSignInPageFailure', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'enterCredential',
                actions: [
                  { type: 'assignSignInError', params: ({ event }) => ({ error: event.error }) },
                  { type: 'noteNetworkFailure', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            ],
          },
        },
        switchingBrand: {
          tags: ['screen.enterCredential', 'busy'],
          invoke: {
            id: 'loadBrand',
            src: 'loadBrand',
            input: ({ context }) => ({
              clientId: context.clientId,
              brandId: context.loginBrandId ?? brandIdOf(context),
              localeId: effectiveLocale(context),
            }),
            onDone: {
              target: '#signIn.authenticating.enterPassword',
              actions: { type: 'assignBrand', params: ({ event }) => event.output },
            },
            onError: {
              target: 'enterCredential',
              actions: [
                { type: 'assignSignInError', params: ({ event }) => ({ error: event.error }) },
                { type: 'noteNetworkFailure', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
    authenticating: {
      on: { 'route.changed': [toCredential, toConsent], 'user.cancel': cancel },
      initial: 'enterPassword',
      states: {
        enterPassword: {
          tags: ['screen.enterPassword'],
          entry: { type: 'recordNavigation', params: { destination: 'enterPassword' } },
          on: {
            'user.submitPassword': [
              { guard: 'hasPassword', target: 'verifyingPassword', actions: 'clearFieldError' },
              { actions: 'assignEmptyPasswordError' },
            ],
            'user.back': [
              { guard: 'hasBackStack', actions: 'raiseBackRoute' },
              { target: '#signIn.identifying.enterCredential' },
            ],
          },
        },
        verifyingPassword: {
          tags: ['screen.enterPassword', 'busy'],
          invoke: {
            id: 'verifyPassword',
            src: 'verifyPassword',
            // The password travels in the submit event straight to the call; it never enters the context.
            input: ({ context, event }) => ({
              ...brandInput({ context }),
              credential: requireValue(context.credential, 'credential'),
              password: event.type === 'user.submitPassword' ? event.password : '',
            }),
            onDone: [
              {
                guard: 'isConsentHidden',
                target: '#signIn.authorising.requestingCode',
                actions: ['markAuthenticated', 'persistSignIn'],
              },
              {
                target: '#signIn.authorising.loadingConsent',
                actions: ['markAuthenticated', 'persistSignIn'],
              },
            ],
            onError: [
              {
                guard: { type: 'isPageFailure', params: ({ event }) => ({ error: event.error }) },
                target: '#signIn.failed.error',
                actions: { type: 'assignSignInPageFailure', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'enterPassword',
                actions: [
                  { type: 'assignSignInError', params: ({ event }) => ({ error: event.error }) },
                  { type: 'noteNetworkFailure', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            ],
          },
        },
      },
    },
    authorising: {
      on: { 'route.changed': [toCredential, toPassword] },
      initial: 'loadingConsent',
      states: {
        loadingConsent: {
          tags: ['screen.progress', 'busy'],
          invoke: {
            id: 'loadAppPermissions',
            src: 'loadAppPermissions',
            input: ({ context }) => ({ clientId: context.clientId, localeId: effectiveLocale(context) }),
            onDone: {
              target: 'consent',
              actions: { type: 'assignApp', params: ({ event }) => event.output },
            },
            onError: {
              target: '#signIn.failed.error',
              actions: [
                { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
                { type: 'noteNetworkFailure', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        consent: {
          tags: ['screen.consent'],
          entry: { type: 'recordNavigation', params: { destination: 'consent' } },
          on: {
            'user.approve': { target: 'requestingCode', actions: 'clearFieldError' },
            'user.reject': { target: 'checkingConnection', actions: 'clearFieldError' },
            'user.cancel': cancel,
          },
        },
        checkingConnection: {
          tags: ['screen.consent', 'busy'],
          invoke: {
            id: 'checkConnection',
            src: 'checkConnection',
            input: ({ context }) => ({ clientId: context.clientId }),
            onDone: { target: '#signIn.leaving', actions: 'assignRejectRedirect' },
            onError: {
              target: 'consent',
              actions: [
                'assignNetworkError',
                { type: 'noteNetworkFailure', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        requestingCode: {
          tags: ['screen.progress', 'busy'],
          invoke: {
            id: 'requestCode',
            src: 'requestCode',
            input: ({ context }) => ({
              params: requireValue(context.params, 'params'),
              localeId: effectiveLocale(context),
            }),
            onDone: [
              {
                guard: { type: 'hasOpenableRedirect', params: ({ event }) => event.output },
                target: '#signIn.redirecting',
                actions: { type: 'assignCodeRedirect', params: ({ event }) => event.output },
              },
              { target: '#signIn.failed.error', actions: 'assignInvalidRedirectFailure' },
            ],
            onError: [
              {
                guard: { type: 'isErrorPageOutcome', params: ({ event }) => ({ error: event.error }) },
                target: '#signIn.failed.error',
                actions: { type: 'assignCodeRequestPage', params: ({ event }) => ({ error: event.error }) },
              },
              {
                guard: { type: 'isWarningOutcome', params: ({ event }) => ({ error: event.error }) },
                target: '#signIn.failed.warning',
                actions: { type: 'assignCodeRequestPage', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: '#signIn.leaving',
                actions: {
                  type: 'assignCodeRequestRedirect',
                  params: ({ event }) => ({ error: event.error }),
                },
              },
            ],
          },
        },
      },
    },
    leaving: {
      tags: ['screen.progress', 'busy'],
      // Spec §4: before any error redirect, verify the app URL scheme is valid for the client.
      invoke: {
        id: 'verifyRedirectUri',
        src: 'verifyRedirectUri',
        input: ({ context }) => ({
          clientId: context.clientId,
          appUrlScheme: context.params?.appUrlScheme ?? '',
        }),
        onDone: [
          { guard: 'hasAppRedirectTarget', target: 'redirecting', actions: 'assignAppRedirectUrl' },
          { target: 'failed.error', actions: 'assignInvalidRedirectFailure' },
        ],
        onError: { target: 'failed.error', actions: 'assignInvalidRedirectFailure' },
      },
    },
    redirecting: {
      tags: ['screen.progress', 'busy'],
      entry: 'navigateAway',
    },
    failed: {
      on: {
        'route.changed': {
          guard: 'isRouteToCredentialWithApp',
          target: '#signIn.identifying.enterCredential',
          actions: 'resetSignIn',
        },
        // Without start-up parameters there is no app to sign in for: restarting retries the start-up.
        'user.restart': [
          {
            guard: 'hasStartupParams',
            target: '#signIn.identifying.enterCredential',
            actions: 'resetSignIn',
          },
          { target: '#signIn.booting', actions: 'resetSignIn' },
        ],
      },
      initial: 'error',
      states: {
        error: {
          tags: ['screen.error'],
          entry: { type: 'recordNavigation', params: { destination: 'error' } },
        },
        warning: {
          tags: ['screen.warning'],
          entry: { type: 'recordNavigation', params: { destination: 'warning' } },
        },
      },
    },
  },
});

/** Input for a browser start: the address and what this tab stored before a reload. */
export const browserInput = () => ({
  search: globalThis.location.search,
  hash: globalThis.location.hash,
  stored: readStoredSignIn(globalThis.sessionStorage),
});
