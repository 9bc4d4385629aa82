import { assign } from 'xstate';
import { parseCredential } from '../api/credential.ts';
import { withPasskeyMark, writeRememberedAccounts } from './accounts.ts';
import { signInFlowsSetup } from './flows.setup.ts';
import type { PasskeysEntry } from './passkeys/passkeys.types.ts';
import { browserLocalStorage } from './persistence.ts';
import { arePasskeysUsable } from './signIn.context.ts';
import type { SignInContext, SignInEvent } from './signIn.types.ts';

type Args = { context: SignInContext; event: SignInEvent };

/**
 * Passkeys in the one setup (docs/passkeys.md): signing in with one from the credential page or the
 * picker, and when the passkeys flow (machines/passkeys/) is offered or opened. The last layer: the
 * machine is made from it.
 */
export const signInPasskeysSetup = signInFlowsSetup.extend({
  guards: {
    canUsePasskeys: ({ context }: Args) => arePasskeysUsable(context),
    isPasskeyOfferAfterSecondFactor: ({ context }: Args) => context.passkeyOffer === 'afterSecondFactor',
  },
  actions: {
    // The picker's row names its account; the credential page's button asks for any of this site's.
    assignPasskeyLoginId: assign((_, row: { loginId?: string | undefined } | undefined) => ({
      passkeyLoginId: row?.loginId,
      fieldError: undefined,
      toast: undefined,
    })),
    // The account a passkey signed in is the credential from here on (picker, reloads, error pages).
    assignPasskeyLogin: assign((_, login: { loginId?: string | undefined }) => {
      const parsed = parseCredential(login.loginId ?? '');
      return parsed.ok
        ? {
            credential: parsed.credential,
            credentialText: login.loginId ?? '',
            passkeyOffer: 'settled' as const,
          }
        : { passkeyOffer: 'settled' as const };
    }),
    // The offer after a sign-in, or the picker's Passkeys link for a signed-in row.
    assignPasskeysEntry: assign({ passkeysEntry: (_, entry: PasskeysEntry) => entry }),
    assignPasskeyOffer: assign({ passkeyOffer: (_, offer: SignInContext['passkeyOffer']) => offer }),
    // The picker offers the passkey on this account's row from now on (a remembered account only).
    rememberPasskey: assign(({ context }, params: { created?: boolean } | undefined) => {
      if (params?.created === false) return {};
      const rememberedAccounts = withPasskeyMark(context.rememberedAccounts, context.credentialText);
      writeRememberedAccounts(browserLocalStorage(), rememberedAccounts);
      return { rememberedAccounts };
    }),
  },
});
