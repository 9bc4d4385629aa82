import { assign, raise } from 'xstate';
import type { LoginOption } from '../api/contract/auth.ts';
import { hasOption } from './signIn.context.ts';
import { signInSetup } from './signIn.setup.ts';
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
export const signInSsoSetup = signInSetup.extend({
  guards: {
    // The provider returns to the SPA on its notice or mismatch page, which a reload also resumes.
    isResumingSsoOutcome: ({ context }: Args) => context.initialRoute.name === 'ssoOutcome',
    hasLoginChoice,
    // Back to the choice from the page it led to (the password page's Change).
    isRouteToLoginOption: (args: Args) =>
      args.event.type === 'route.changed' && args.event.route.name === 'loginOption' && hasLoginChoice(args),
  },
  actions: {
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
