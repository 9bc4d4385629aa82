import { credentialSegment } from '../api/credential.ts';
import { fixed, type RouteEntry, safeDecode } from './routeEntry.ts';
import type { AccountRouteName, Route } from './routeTypes.ts';

/** Emailed tokens: 32 random bytes, base64url (api/contract/account.ts). */
const TOKEN = '([A-Za-z0-9_-]{43})';

/** A route whose one segment is an emailed link's token (kept in the fragment: docs/passwords.md). */
function withToken<N extends 'createPassword' | 'expressLink' | 'activate' | 'confirmEmailLink'>(
  name: N,
  path: string,
): RouteEntry<N> {
  return {
    name,
    pattern: new RegExp(`^${path}/${TOKEN}$`),
    fromMatch: ([token]) => (token ? ({ name, token } as Extract<Route, { name: N }>) : undefined),
    toPath: (route) => `${path}/${(route as { token: string }).token}`,
    fromSource: ({ token }) => (token ? ({ name, token } as Extract<Route, { name: N }>) : undefined),
  };
}

/** A route that names the account by its credential, encoded as the password page's (spec §2). */
function withCredential<N extends 'changeOneTimePassword' | 'changePassword' | 'legacyPasswordChange'>(
  name: N,
  path: string,
): RouteEntry<N> {
  return {
    name,
    pattern: new RegExp(`^${path}/([^/]+)$`),
    fromMatch: ([segment]) => {
      const credential = safeDecode(segment ?? '');
      return credential ? ({ name, credential } as Extract<Route, { name: N }>) : undefined;
    },
    toPath: (route) => `${path}/${encodeURIComponent((route as { credential: string }).credential)}`,
    fromSource: ({ credential }) =>
      credential && ({ name, credential: credentialSegment(credential) } as Extract<Route, { name: N }>),
  };
}

/** /resetPassword/email(/{email}) and /resetPassword/number(/{number}): the value as typed, if any. */
function recoveryForm<N extends 'resetPasswordEmail' | 'resetPasswordNumber'>(
  name: N,
  kind: 'email' | 'number',
): RouteEntry<N> {
  const path = `/resetPassword/${kind}`;
  const make = (value: string | undefined) =>
    ({ name, [kind]: value === '' ? undefined : value }) as Extract<Route, { name: N }>;
  return {
    name,
    pattern: new RegExp(`^${path}(?:/([^/]+))?$`),
    fromMatch: ([segment]) => {
      if (segment === undefined) return make(undefined);
      const value = safeDecode(segment);
      return value === undefined ? undefined : make(value);
    },
    toPath: (route) => {
      const value = (route as Record<string, string | undefined>)[kind];
      return value ? `${path}/${encodeURIComponent(value)}` : path;
    },
    fromSource: ({ identifier }) => make(identifier),
  };
}

/** /resetPassword/sendRecoveryEmail(/setupPassword) and /resetPassword/sendEmailSuccess/{resetPassword|setupPassword}. */
function recoveryMail<N extends 'resetPasswordSend' | 'resetPasswordSent'>(name: N): RouteEntry<N> {
  const send = name === 'resetPasswordSend';
  const make = (setupPassword: boolean) => ({ name, setupPassword }) as Extract<Route, { name: N }>;
  return {
    name,
    pattern: send
      ? /^\/resetPassword\/sendRecoveryEmail(?:\/(setupPassword))?$/
      : /^\/resetPassword\/sendEmailSuccess\/(resetPassword|setupPassword)$/,
    fromMatch: ([segment]) => make(segment === 'setupPassword'),
    toPath: (route) => {
      const setup = (route as { setupPassword: boolean }).setupPassword;
      if (send)
        return setup ? '/resetPassword/sendRecoveryEmail/setupPassword' : '/resetPassword/sendRecoveryEmail';
      return `/resetPassword/sendEmailSuccess/${setup ? 'setupPassword' : 'resetPassword'}`;
    },
    fromSource: ({ setupPassword }) => make(setupPassword === true),
  };
}

/**
 * Spec §2's password and account routes, and ours for the page families whose routes it does not show
 * (create new password, reset complete, legacy password change, confirm email, activation, the
 * express link): docs/passwords.md lists them. The account flow's states carry their tags.
 */
export const accountRoutes: { [N in AccountRouteName]: RouteEntry<N> } = {
  resetPassword: fixed('resetPassword', '/resetPassword'),
  resetPasswordEmail: recoveryForm('resetPasswordEmail', 'email'),
  resetPasswordNumber: recoveryForm('resetPasswordNumber', 'number'),
  resetPasswordSend: recoveryMail('resetPasswordSend'),
  resetPasswordSent: recoveryMail('resetPasswordSent'),
  createPassword: withToken('createPassword', '/createPassword'),
  resetComplete: fixed('resetComplete', '/resetComplete'),
  expressLinkRequest: fixed('expressLinkRequest', '/expressLink'),
  expressLinkSent: fixed('expressLinkSent', '/expressLink/sent'),
  expressLink: withToken('expressLink', '/expressLink'),
  enforceResetPassword: fixed('enforceResetPassword', '/enforceResetPassword'),
  changeOneTimePassword: withCredential('changeOneTimePassword', '/changeOneTimePassword'),
  changePassword: withCredential('changePassword', '/changePassword'),
  changePasswordSuccess: fixed('changePasswordSuccess', '/changePasswordSuccess'),
  legacyPasswordChange: withCredential('legacyPasswordChange', '/legacyPasswordChange'),
  activateAccount: fixed('activateAccount', '/activateAccount'),
  activate: withToken('activate', '/activate'),
  confirmEmail: fixed('confirmEmail', '/confirmEmail'),
  confirmEmailLink: withToken('confirmEmailLink', '/confirmEmail'),
};
