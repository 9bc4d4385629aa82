import { assign, setup } from 'xstate';
import { parseCredential } from '../../api/credential.ts';
import { ApiError, toApiError } from '../../api/errors.ts';
import { sendAnalytics } from '../analytics.ts';
import { messageFor } from '../errorMessages.ts';
import type { UiMessage } from '../errors.ts';
import { flowGuards } from '../flowHead.ts';
import type { RouteName } from '../routes.ts';
import { accountActors } from './account.actors.ts';
import type {
  AccountContext,
  AccountEvent,
  AccountInput,
  AccountOutput,
  AccountStart,
  AccountTag,
} from './account.types.ts';
import { callErrors } from './accountErrors.ts';
import { accountInfoOf, emailError, type FormRules, formErrors, numberError } from './accountForms.ts';

type Args = { context: AccountContext; event: AccountEvent };
type ErrorParams = { error: unknown };
export type AccountForm = 'reset' | 'change' | 'required' | 'legacy' | 'activation';

/** What each form asks for (spec §3 password-setup form; §5 activation answer). */
export function rulesOf(form: AccountForm, context: AccountContext): FormRules {
  const accountInfo = context.accountInfo;
  switch (form) {
    case 'activation':
      return { activation: true };
    case 'legacy':
      return { currentPassword: true, newPassword: true, accountInfo };
    case 'change':
      return { currentPassword: true, newPassword: true, pin: context.hasPin, accountInfo };
    default:
      return { newPassword: true, pin: context.hasPin, accountInfo };
  }
}

const submitted = (event: AccountEvent) => (event.type === 'user.submit' ? event.values : {});
const typed = (event: AccountEvent, field: 'email' | 'number') => (submitted(event)[field] ?? '').trim();

/** The spec §8 message for a code the flow words itself (304 when an account has no email to write to). */
const codeMessage = (context: AccountContext, code: number): UiMessage =>
  messageFor(new ApiError({ code: `API_ERROR_${code}` }), context.credential, {
    ...context.lookup,
    scenario: 'ResetPassword',
  });

const onlyError = (field: 'email' | 'number', message: UiMessage | undefined) =>
  message ? { [field]: message } : {};

/** Codes that end the flow on a page of their own: the link has expired (spec §8 405, 411). */
const LINK_CODES = new Set([405, 411]);

/** The account flow's guards, actions and actors, by name (house rule 1). */
export const accountSetup = setup({
  types: {
    context: {} as AccountContext,
    events: {} as AccountEvent,
    input: {} as AccountInput,
    output: {} as AccountOutput,
    tags: {} as AccountTag,
  },
  actors: accountActors,
  guards: {
    ...flowGuards,
    isStartedAs: ({ context }: Args, params: { flow: AccountStart['flow'] }) =>
      context.start.flow === params.flow,
    isChangeKind: ({ context }: Args, params: { kind: AccountContext['passwordChange'] }) =>
      context.passwordChange === params.kind,
    isResumingRoute: ({ context }: Args, params: { name: RouteName }) =>
      context.start.flow === 'recover' && context.start.route.name === params.name,
    // The account is named (a recovery hint, an activation link's login_hint).
    hasIdentifier: ({ context }: Args) => parseCredential(context.identifier).ok,
    isEmailChoice: ({ event }: Args) => event.type === 'user.chooseRecovery' && event.via === 'email',
    isEmailInvalid: ({ event }: Args) => emailError(typed(event, 'email')) !== undefined,
    isNumberInvalid: ({ event }: Args) => numberError(typed(event, 'number')) !== undefined,
    isFormInvalid: ({ context, event }: Args, params: { form: AccountForm }) =>
      Object.keys(formErrors(submitted(event), rulesOf(params.form, context))).length > 0,
    isWithoutRecoveryEmail: (_: Args, params: { maskedEmail?: string | undefined }) =>
      params.maskedEmail === undefined,
    isLinkInvalid: (_: Args, params: ErrorParams) =>
      LINK_CODES.has(toApiError(params.error).backendCode ?? 0),
  },
  actions: {
    assignFailure: assign({ pageError: (_, params: ErrorParams) => params.error }),
    // Spec §9 'reset password' (a recovery link sent) and 'password reset' (the new password saved).
    track: ({ context }, params: { name: 'resetPassword' | 'passwordReset' }) =>
      sendAnalytics({ name: params.name, clientId: context.clientId, brandId: context.brandId }),
    assignIdentifier: assign(({ event }, params: { field: 'email' | 'number' }) => {
      const identifier = typed(event, params.field);
      const credential = parseCredential(identifier);
      return {
        identifier,
        credential: credential.ok ? credential.credential : undefined,
        fieldErrors: {},
        formError: undefined,
      };
    }),
    assignEmailError: assign(({ event }) => ({
      fieldErrors: onlyError('email', emailError(typed(event, 'email'))),
    })),
    assignNumberError: assign(({ event }) => ({
      fieldErrors: onlyError('number', numberError(typed(event, 'number'))),
    })),
    assignNoRecoveryEmail: assign(({ context }) => ({ fieldErrors: { number: codeMessage(context, 304) } })),
    assignFormErrors: assign(({ context, event }, params: { form: AccountForm }) => ({
      fieldErrors: formErrors(submitted(event), rulesOf(params.form, context)),
      formError: undefined,
    })),
    assignCallError: assign(({ context }, params: ErrorParams) =>
      callErrors(toApiError(params.error), context),
    ),
    assignSent: assign((_, params: { maskedEmail: string }) => ({
      maskedEmail: params.maskedEmail,
      emailSent: true,
      fieldErrors: {},
      formError: undefined,
    })),
    assignLookup: assign(({ context }, params: { maskedEmail?: string | undefined; hasPin: boolean }) => ({
      maskedEmail: params.maskedEmail,
      hasPin: params.hasPin,
      accountInfo: { ...accountInfoOf(parseCredential(context.identifier)), ...context.accountInfo },
    })),
    assignResetInfo: assign(
      (
        _,
        params: {
          loginId: string;
          purpose: 'reset' | 'setup';
          hasPin: boolean;
          accountInfo: AccountContext['accountInfo'];
          numberOfLastUsedPasswords: number;
        },
      ) => ({
        loginId: params.loginId,
        setupPassword: params.purpose === 'setup',
        hasPin: params.hasPin,
        accountInfo: params.accountInfo,
        numberOfLastUsedPasswords: params.numberOfLastUsedPasswords,
      }),
    ),
    assignLoginId: assign({ loginId: (_, params: { loginId: string }) => params.loginId }),
    assignLogin: assign({ login: (_, params: AccountContext['login']) => params }),
    clearErrors: assign({ fieldErrors: {}, formError: undefined, emailSent: false }),
    // The page's language, switched in place: the links emailed from now on are worded in it.
    assignLocale: assign({ localeId: (_, params: { localeId: string }) => params.localeId }),
  },
});
