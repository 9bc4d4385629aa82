import { readRememberedAccounts } from './accounts.ts';
import { FIRST_PARTY_CLIENT_ID } from './actors.ts';
import { signInPasskeysSetup } from './passkeySignIn.setup.ts';
import { browserLocalStorage, browserSessionStorage, readStoredSignIn } from './persistence.ts';
import { parseRoute } from './routes.ts';
import { localeRequestFrom } from './signIn.context.ts';
import type { SignInContext } from './signIn.setup.ts';
import { accountStates } from './states/accounts.ts';
import { acknowledgingNotice } from './states/acknowledgingNotice.ts';
import { activatingRoom } from './states/activatingRoom.ts';
import { authenticating } from './states/authenticating.ts';
import { authorising } from './states/authorising.ts';
import { completingEmergency } from './states/completingEmergency.ts';
import { identifying } from './states/identifying.ts';
import {
  automationNotice,
  failed,
  launchingApp,
  leaving,
  redirecting,
  sessionExpired,
} from './states/leaving.ts';
import { managingAccount } from './states/managingAccount.ts';
import { offeringPasskey } from './states/offeringPasskey.ts';
import { chooseLocale } from './states/shared.ts';
import { booting, choosingFirstScreen } from './states/startup.ts';
import { verifying } from './states/verifying.ts';

/**
 * The one statechart of spec §2 and §4: start-up rules, credential → password → consent → code
 * request → redirect, the code-request status table, cancel and reject, login automation and session
 * expiry, and the flows that load as chunks of their own (two-factor: machines/twoFactor/). Each region
 * lives in machines/states/; screens are tags, and machines/routes.ts turns the active tag into the hash.
 */
export const signInMachine = signInPasskeysSetup.createMachine({
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
    localeRequest: localeRequestFrom(input.search, input.browserLanguages ?? []),
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
    authorisation: undefined,
    // Someone who asked to be remembered before is asked the same way again.
    rememberMe: (input.remembered?.length ?? 0) > 0,
    fraudToken: undefined,
    sessionId: undefined,
    rememberedAccounts: input.remembered ?? [],
    signedInAccounts: undefined,
    accountName: undefined,
    identityEntrance: undefined,
    screen: undefined,
    backStack: [],
    accountEntry: undefined,
    emergencyEntry: undefined,
    eaCompleted: false,
    noticeKind: undefined,
    fedrampNotificationCompleted: false,
    roomEntry: undefined,
    passkeyCapable: input.passkeyCapable === true,
    passkeyLoginId: undefined,
    passkeyOffer: 'settled',
    passkeysEntry: undefined,
  }),
  on: {
    // Spec §4: the 'no internet connection' alert, shown once, a moment after a network failure.
    'connection.alertDue': { guard: 'isOfflineAlertPending', actions: 'showOfflineAlert' },
    'user.dismissAlert': { guard: 'isOfflineAlertShown', actions: 'dismissOfflineAlert' },
    // In place, whatever the state: the step, the back stack and what was typed stay (docs/i18n.md).
    'user.chooseLocale': { actions: chooseLocale },
  },
  initial: 'booting',
  states: {
    booting,
    choosingFirstScreen,
    ...accountStates,
    identifying,
    authenticating,
    authorising,
    verifying,
    managingAccount,
    completingEmergency,
    acknowledgingNotice,
    activatingRoom,
    offeringPasskey,
    leaving,
    redirecting,
    automationNotice,
    launchingApp,
    sessionExpired,
    failed,
  },
});

/** Input for a browser start: the address and what this tab stored before a reload. */
export const browserInput = () => ({
  search: globalThis.location.search,
  hash: globalThis.location.hash,
  stored: readStoredSignIn(browserSessionStorage()),
  remembered: readRememberedAccounts(browserLocalStorage()),
  browserLanguages: globalThis.navigator?.languages ?? [],
  passkeyCapable: typeof globalThis.PublicKeyCredential === 'function',
});
