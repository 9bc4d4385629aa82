import { assign, raise } from 'xstate';
import type { LoginOption } from '../api/contract/auth.ts';
import { hasOption } from './signIn.context.ts';
import { signInSetup } from './signIn.setup.ts';
import type { SignInContext, SignInEvent } from './signIn.types.ts';

type Args = { context: SignInContext; event: SignInEvent };
type Options = { options: LoginOption[] | undefined };

/** A choice the password page does not offer: single sign-on besides the password, unless the page hides it. */
const isChoice = (context: SignInContext, options: LoginOption[] | undefined) =>
  options?.includes('sso') === true && options.includes('password') && !hasOption(context, 'hide_sso');

/**
 * The identity provider's failures (the SSO notices and the mismatch page) and the login option page
 * (docs/notices.md): their guards and actions join the one setup here, before the returning-user part.
 */
export const signInSsoSetup = signInSetup.extend({
  guards: {
    // The provider returns to the SPA on its notice or mismatch page, which a reload also resumes.
    isResumingSsoOutcome: ({ context }: Args) => context.initialRoute.name === 'ssoOutcome',
    hasLoginChoice: ({ context }: Args, params: Options) => isChoice(context, params.options),
    isRouteToLoginOption: ({ context, event }: Args) =>
      event.type === 'route.changed' &&
      event.route.name === 'loginOption' &&
      context.screen !== 'loginOption' &&
      context.credential !== undefined &&
      isChoice(context, context.loginOptions),
  },
  actions: {
    assignSsoOutcome: assign({
      ssoOutcome: ({ context: { initialRoute } }) => {
        if (initialRoute.name !== 'ssoOutcome') return undefined;
        const { name: _name, ...outcome } = initialRoute;
        return outcome;
      },
    }),
    // Try again starts the same entrance the way the credential page does (SSO with the email it had).
    raiseSsoRetry: raise(({ context }) =>
      context.ssoOutcome?.ssoType === 'sso' || !context.ssoOutcome
        ? { type: 'user.chooseSso' as const }
        : { type: 'user.chooseIdentityProvider' as const, entrance: context.ssoOutcome.ssoType },
    ),
    assignLoginOptions: assign({ loginOptions: (_, params: Options) => params.options }),
  },
});
