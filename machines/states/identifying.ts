import { and } from 'xstate';
import type { LoginOption } from '../../api/contract/auth.ts';
import { signInPasskeysSetup } from '../passkeySignIn.setup.ts';
import { passkeyAutofill, requestingPasskey, toPasskeyRequest } from './passkeySignIn.ts';
import { arriveAt, brandInput, cancel, requireValue, toConsent, toPassword, toPicker } from './shared.ts';
import { chooseIdentityProvider, chooseSso, toSsoLogin } from './singleSignOn.ts';

/** Login-info's ways to sign in, kept for the page after the credential check (docs/notices.md "Login option"). */
const assignLoginOptions = {
  type: 'assignLoginOptions',
  params: ({ event }: { event: { output: { loginOptions?: LoginOption[] | undefined } } }) => ({
    options: event.output.loginOptions,
  }),
} as const;

/** Spec §4 credential check: the credential page, login-info, and a brand switch when it answers another brand. */
export const identifying = signInPasskeysSetup.createStateConfig({
  on: { 'route.changed': [toPassword, toConsent, toSsoLogin, toPicker], 'user.cancel': cancel },
  initial: 'enterCredential',
  states: {
    enterCredential: {
      tags: ['screen.enterCredential'],
      entry: [
        ...arriveAt('enterCredential'),
        { type: 'track', params: { name: 'loginMainPage' } },
        'loadFingerprintScript',
      ],
      // Passkey autofill: the browser offers the account's passkeys among the field's suggestions.
      invoke: passkeyAutofill,
      on: {
        'user.signInWithPasskey': toPasskeyRequest,
        'user.chooseSso': chooseSso,
        'user.chooseIdentityProvider': chooseIdentityProvider,
        'user.submitCredential': [
          {
            guard: and(['hasValidCredential', 'hasFingerprinting']),
            target: 'collectingFingerprint',
            actions: ['assignCredential', 'trackCredentialKind'],
          },
          {
            guard: 'hasValidCredential',
            target: 'checkingCredential',
            actions: ['assignCredential', 'trackCredentialKind'],
          },
          { actions: 'assignCredentialError' },
        ],
      },
    },
    collectingFingerprint: {
      tags: ['screen.enterCredential', 'busy'],
      invoke: {
        id: 'collectFingerprint',
        src: 'collectFingerprint',
        input: ({ context }) => ({ scriptUrl: context.brandConfig?.iovationScriptUrl }),
        onDone: {
          target: 'checkingCredential',
          actions: { type: 'assignFraudToken', params: ({ event }) => event.output },
        },
        // The fingerprint helps fraud checks; without it the backend decides, so sign-in goes on.
        onError: { target: 'checkingCredential' },
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
          fraudToken: context.fraudToken,
        }),
        onDone: [
          {
            guard: { type: 'isOtherBrand', params: ({ event }) => ({ brandId: event.output.brandId }) },
            target: 'switchingBrand',
            actions: [
              'persistSignIn',
              { type: 'assignLoginBrand', params: ({ event }) => ({ brandId: event.output.brandId }) },
              assignLoginOptions,
            ],
          },
          {
            target: '#signIn.authenticating.afterCredential',
            actions: ['persistSignIn', assignLoginOptions],
          },
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
    requestingPasskey,
    switchingBrand: {
      tags: ['screen.enterCredential', 'busy'],
      invoke: {
        id: 'loadBrand',
        src: 'loadBrand',
        input: ({ context }) => ({
          clientId: context.clientId,
          brandId: context.loginBrandId ?? brandInput({ context }).brandId,
          localeRequest: context.localeRequest,
        }),
        onDone: {
          target: '#signIn.authenticating.afterCredential',
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
});
