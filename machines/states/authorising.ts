import { signInFlowsSetup } from '../flows.setup.ts';
import { effectiveLocale } from '../signIn.context.ts';
import { arriveAt, cancel, requireValue, toCredential, toPassword, toPicker } from './shared.ts';

/** Spec §4: consent, reject (after a network check), and the code request with its status table. */
export const authorising = signInFlowsSetup.createStateConfig({
  on: { 'route.changed': [toCredential, toPassword, toPicker] },
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
        onError: [
          {
            guard: { type: 'isSessionExpired', params: ({ event }) => ({ error: event.error }) },
            target: '#signIn.sessionExpired',
          },
          {
            target: '#signIn.failed.error',
            actions: [
              { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
              { type: 'noteNetworkFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    consent: {
      tags: ['screen.consent'],
      entry: [...arriveAt('consent'), { type: 'track', params: { name: 'consentStart' } }],
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
        input: ({ context }) => ({
          clientId: context.clientId,
          platformSession: context.brandConfig?.platformSession ?? false,
        }),
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
      exit: 'clearEmergencyCompleted',
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => ({
          params: requireValue(context.params, 'params'),
          localeId: effectiveLocale(context),
          sessionId: context.sessionId,
          // The consent page's permissions are only loaded on the way to its Approve button.
          consentGiven: context.app !== undefined,
          eaCompleted: context.eaCompleted,
          fedrampNotificationCompleted: context.fedrampNotificationCompleted,
        }),
        onDone: [
          {
            guard: { type: 'isUnopenableRedirect', params: ({ event }) => event.output },
            target: '#signIn.failed.error',
            actions: 'assignInvalidRedirectFailure',
          },
          {
            // Spec §4 login automation: keep the target and show the notification instead of leaving.
            guard: 'isLoginAutomation',
            target: '#signIn.automationNotice',
            actions: [
              { type: 'assignCodeRedirect', params: ({ event }) => event.output },
              'storeAutomationTarget',
              { type: 'track', params: { name: 'authorizeSuccess' } },
            ],
          },
          {
            guard: { type: 'isNativeAppRedirect', params: ({ event }) => event.output },
            target: '#signIn.launchingApp',
            actions: [
              { type: 'assignCodeRedirect', params: ({ event }) => event.output },
              { type: 'track', params: { name: 'authorizeSuccess' } },
            ],
          },
          {
            target: '#signIn.redirecting',
            actions: [
              { type: 'assignCodeRedirect', params: ({ event }) => event.output },
              { type: 'track', params: { name: 'authorizeSuccess' } },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isSecondFactorRequired', params: ({ event }) => ({ error: event.error }) },
            target: '#signIn.verifying',
          },
          {
            // Spec §4: 701 and 702 go to the emergency-address flow.
            guard: { type: 'isEmergencyAddressRequired', params: ({ event }) => ({ error: event.error }) },
            target: '#signIn.completingEmergency',
            actions: { type: 'assignEmergencyEntry', params: ({ event }) => ({ error: event.error }) },
          },
          {
            // Spec §4 720 (FedRAMP) and ours 730 (terms) and 216 (a retired app): the notices flow.
            guard: { type: 'isNoticeRequired', params: ({ event }) => ({ error: event.error }) },
            target: '#signIn.acknowledgingNotice',
            actions: { type: 'assignNoticeKind', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isPasswordChangeRequired', params: ({ event }) => ({ error: event.error }) },
            target: '#signIn.managingAccount',
            actions: {
              type: 'assignPasswordChangeFromError',
              params: ({ event }) => ({ error: event.error }),
            },
          },
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
            // noActionOnFail (our reading, docs/architecture.md): the app asked not to be sent an error.
            guard: 'isNoActionOnFail',
            target: '#signIn.failed.error',
            actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: '#signIn.leaving',
            actions: { type: 'assignCodeRequestRedirect', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
  },
});
