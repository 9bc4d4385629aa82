import { assign, raise } from 'xstate';
import type { LoginOption } from '../api/contract/auth.ts';
import type { IdentityEntrance } from '../api/contract/identity.ts';
import { leaveForIdentityProvider } from './actors.ts';
import { signInLeavingSetup } from './leaving.setup.ts';
import { credentialOf, hasOption } from './signIn.context.ts';
import { trackEvent } from './signIn.setup.ts';
import type { SignInContext, SignInEvent } from './signIn.types.ts';

type Args = { context: SignInContext; event: SignInEvent };

/** A choice the password page does not offer: single sign-on besides the password, unless the page hides it. */
const hasLoginChoice = ({ context }: Args) =>
  context.loginOptions?.includes('sso') === true &&
  context.loginOptions.includes('password') &&
  !hasOption(context, 'hide_sso');

/**
 * The identity provider's failures (the SSO notices and the mismatch page) and the login option page
 * (docs/notices.md): their guards and actions join the one setup here, before the returning-user part.
 */
export const signInSsoSetup = signInLeavingSetup.extend({
  guards: {
    // The provider returns to the SPA on its notice or mismatch page, which a reload also resumes.
    isResumingSsoOutcome: ({ context }: Args) => context.initialRoute.name === 'ssoOutcome',
    hasLoginChoice,
    // Back to the choice from the page it led to (the password page's Change).
    isRouteToLoginOption: (args: Args) =>
      args.event.type === 'route.changed' && args.event.route.name === 'loginOption' && hasLoginChoice(args),
  },
  actions: {
    assignChosenEntrance: assign(({ event }) =>
      event.type === 'user.chooseIdentityProvider' ? { identityEntrance: event.entrance } : {},
    ),
    trackEntrance: ({ context, event }) => {
      if (event.type === 'user.chooseIdentityProvider') trackEvent(context, event.entrance);
    },
    assignEntrance: assign({
      identityEntrance: (_, params: { entrance: IdentityEntrance }) => params.entrance,
    }),
    // The SSO page's email is the credential: the hint the identity provider must match (spec §7).
    assignSsoEmail: assign(({ event }) =>
      event.type === 'user.submitSsoEmail'
        ? { ...credentialOf(event.email.trim()), fieldError: undefined }
        : {},
    ),
    assignSsoEmailError: assign(({ event }) => ({
      fieldError: {
        id:
          event.type === 'user.submitSsoEmail' && event.email.trim() !== ''
            ? 'errors.invalidEmail'
            : 'errors.emptyEmail',
      },
    })),
    assignSsoUnavailableError: assign({ fieldError: { id: 'errors.sso.disabledForAccount' } }),
    assignPopupBlockedError: assign({ fieldError: { id: 'errors.popupBlocked' } }),
    openIdentityProvider: ({ context }) => leaveForIdentityProvider(context),
    // Try again starts the same entrance the way the credential page does (SSO with the email it had).
    raiseSsoRetry: raise(({ context: { initialRoute } }) => {
      const entrance = initialRoute.name === 'ssoOutcome' ? initialRoute.ssoType : 'sso';
      return entrance === 'sso'
        ? { type: 'user.chooseSso' as const }
        : { type: 'user.chooseIdentityProvider' as const, entrance };
    }),
    assignLoginOptions: assign({
      loginOptions: (_, params: { options: LoginOption[] | undefined }) => params.options,
    }),
  },
});
