import type { StartupParams } from '../../api/contract/startup.ts';
import { ApiError } from '../../api/errors.ts';
import { brandConfigFixture, localesFixture } from '../fixtures/api.ts';
import { adaSession } from '../fixtures/sessions.ts';
import { done, failed } from './actorEvents.ts';

const apiError = (code: number) =>
  new ApiError({ code: `API_ERROR_${code}`, httpStatus: 400, backendMessage: 'refused' });
const login = { brandId: '1210', accountId: '1', extensionId: '101', loginId: 'ada@example.com' };

/**
 * Passkeys as the sign-in machine sees them (docs/passkeys.md): a brand that offers them (with and
 * without the consent page), the credential page's button and autofill, a picker row's button and
 * Passkeys link, the browser's and the server's answers, and the passkeys flow's outcomes. The flow's
 * own states are walked by test/model/passkeys.model.test.ts.
 */
export function passkeyEvents(startup: { consent: StartupParams; hiddenConsent: StartupParams }) {
  const brandConfig = { ...brandConfigFixture('1210'), passkeys: true };
  return [
    ...[startup.consent, startup.hiddenConsent].map((params) =>
      done('loadStartup', {
        clientId: 'demo-app',
        params,
        paramsIssue: undefined,
        brandConfig,
        locales: localesFixture,
      }),
    ),
    { type: 'user.signInWithPasskey' },
    { type: 'user.signInWithPasskey', loginId: 'ada@example.com' },
    done('awaitPasskeyAutofill', login),
    done('awaitPasskeyAutofill', { ...login, passwordChange: 'enforced' }),
    failed('awaitPasskeyAutofill', apiError(753)),
    failed('awaitPasskeyAutofill', apiError(371)),
    failed('awaitPasskeyAutofill', apiError(213)),
    failed('requestPasskey', new ApiError({ code: 'UI_ERROR_PASSKEY_CANCELLED' })),
    done('requestPasskey', login),
    done('requestPasskey', { ...login, passwordChange: 'enforced' }),
    failed('requestPasskey', apiError(751)),
    failed('requestPasskey', apiError(371)),
    failed('requestPasskey', apiError(213)),
    // The picker's rows (machines/picker/): a passkey sign-in for one, a signed-in one's passkeys.
    done('picker', { outcome: 'signInWithPasskey', loginId: 'ada@example.com' }),
    done('picker', { outcome: 'managePasskeys', sessionId: 'a1b2c3d4e5f60718' }),
    done('passkeys', { outcome: 'continued', created: true }),
    done('passkeys', { outcome: 'continued', created: false }),
    done('passkeys', { outcome: 'afterSecondFactor' }),
    done('passkeys', { outcome: 'closed' }),
    done('passkeys', { outcome: 'sessionExpired' }),
    failed('passkeys', new Error('Page script did not load')),
    { type: 'route.changed', route: { name: 'passkeyOffer' } },
  ];
}

/**
 * The passkey models' events: the passkey events and the few others that lead to and from them (a
 * password sign-in, the consent page, the code request with its second factor, the picker's list).
 * The rest of the statechart is walked without them (test/model/events.ts), so passkeys add their own
 * branches to the graph rather than multiplying all of it.
 */
export function passkeyModelEvents(startup: { consent: StartupParams; hiddenConsent: StartupParams }) {
  return [
    ...passkeyEvents(startup),
    { type: 'user.submitCredential', credential: 'ada@example.com' },
    done('lookupLoginInfo', { brandId: '1210', loginType: 'password' }),
    { type: 'user.submitPassword', password: 'Violet-Harbor-47' },
    done('verifyPassword', login),
    done('loadAppPermissions', { clientId: 'demo-app', appName: 'Demo Partner App', permissions: [] }),
    { type: 'user.approve' },
    done('requestCode', {
      extensionId: '101',
      accountId: '1',
      redirectUri: 'http://localhost:8080/demo-app/callback?code=abc&state=xyz',
    }),
    failed('requestCode', apiError(306)),
    done('twoFactor', { outcome: 'verified' }),
    done('listSessions', [adaSession]),
    // The picker flow's report of its lists (machines/picker/), as it tells it on showing them.
    { type: 'picker.accounts', rememberedAccounts: [], signedInAccounts: [adaSession] },
    { type: 'user.cancel' },
    { type: 'route.changed', route: { name: 'enterCredential' } },
    { type: 'route.changed', route: { name: 'selectAccount' } },
    { type: 'route.changed', route: { name: 'enterPassword', kind: 'email', credential: 'ada@example.com' } },
  ];
}
