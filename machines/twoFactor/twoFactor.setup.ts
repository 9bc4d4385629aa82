import { assign, raise, setup } from 'xstate';
import type { ContactBy, ContactOption, MfaSettings, SentCode } from '../../api/contract/twoFactor.ts';
import { toApiError } from '../../api/errors.ts';
import { messageFor } from '../errorMessages.ts';
import { toUiMessage } from '../errors.ts';
import { flowGuards } from '../flowHead.ts';
import type { Route } from '../routes.ts';
import { CODE_EXPIRY_WARNING_SECONDS, untilCodeExpiry } from './codeExpiry.ts';
import {
  copySecret,
  loadTotpEnrolment,
  loadTwoFactorSettings,
  sendSecurityCode,
  verifySecurityCode,
  verifyTotpEnrolment,
} from './twoFactor.actors.ts';
import type {
  TwoFactorContext,
  TwoFactorEvent,
  TwoFactorInput,
  TwoFactorOutput,
  TwoFactorTag,
} from './twoFactor.types.ts';

type Args = { context: TwoFactorContext; event: TwoFactorEvent };
type ErrorParams = { error: unknown };
type Loaded = { settings: MfaSettings; contacts: ContactOption[] };

/** The longest resend countdown the page waits, whatever a backend answers (an hour). */
const MAX_RESEND_WAIT_SECONDS = 3600;

/** A typed or pasted code without the spaces and dashes people copy with it. */
export const normaliseCode = (code: string) => code.replace(/[\s-]/g, '');

const isOffered = (context: TwoFactorContext, contactBy: ContactBy) =>
  contactBy === 'APP'
    ? context.settings?.secondFactorType === 'TOTP'
    : context.contacts.some((contact) => contact.contactBy === contactBy) &&
      !context.unavailable.includes(contactBy);

/** Whether the options page has anything to offer besides what is on screen now. */
const hasOptions = (context: TwoFactorContext) =>
  !context.settings?.authenticatorRequired && context.contacts.length > 0;

const resumed = (context: TwoFactorContext): Route | undefined => context.resumeRoute;

/** Spec §8: a sent code is worded in the TwoFactor scenario, the authenticator's in the MFA one. */
function codeMessage(context: TwoFactorContext, error: unknown) {
  const scenario = context.channel === 'APP' ? 'MFA' : 'TwoFactor';
  return messageFor(toApiError(error), undefined, { ...context.lookup, scenario });
}

/** The two-factor flow's guards, actions and actors, by name (house rule 1). */
export const twoFactorSetup = setup({
  types: {
    context: {} as TwoFactorContext,
    events: {} as TwoFactorEvent,
    input: {} as TwoFactorInput,
    output: {} as TwoFactorOutput,
    tags: {} as TwoFactorTag,
  },
  actors: {
    loadTwoFactorSettings,
    sendSecurityCode,
    verifySecurityCode,
    loadTotpEnrolment,
    verifyTotpEnrolment,
    copySecret,
  },
  delays: {
    /** Spec §4 resend after a countdown; its length is the server's (spec §9: not shown). */
    resendCooldown: ({ context }) =>
      Math.min(Math.max(context.resendAfterSeconds, 0), MAX_RESEND_WAIT_SECONDS) * 1000,
    /** When the page warns that the sent code is about to expire. */
    codeExpiryWarning: ({ context }) => untilCodeExpiry(context, CODE_EXPIRY_WARNING_SECONDS),
    /** When the sent code expires (send-code's `expiresInSeconds` after it went out). */
    codeExpiry: ({ context }) => untilCodeExpiry(context),
  },
  guards: {
    ...flowGuards,
    isVerificationLimit: (_: Args, params: ErrorParams) => toApiError(params.error).backendCode === 326,
    isPhoneUnavailable: (_: Args, params: ErrorParams) => toApiError(params.error).backendCode === 321,
    // Spec §4 dispatcher: an enrolled authenticator is asked for first.
    hasAuthenticator: ({ context }: Args) => context.settings?.secondFactorType === 'TOTP',
    // The administrator requires an authenticator, or the account has nowhere to send a code to.
    needsAuthenticatorSetup: ({ context }: Args) =>
      context.settings?.authenticatorRequired === true || context.contacts.length === 0,
    isResumingCodeEntry: ({ context }: Args) => {
      const route = resumed(context);
      if (route?.name !== 'twoFactorVerify' || !isOffered(context, route.channel)) return false;
      return (
        route.channel === 'APP' ||
        context.contacts.some((c) => c.contactBy === route.channel && c.masked === route.contact)
      );
    },
    isResumingSetup: ({ context }: Args) =>
      resumed(context)?.name === 'twoFactorSetup' && context.settings?.secondFactorType !== 'TOTP',
    isAuthenticatorChoice: ({ context, event }: Args) =>
      event.type === 'user.chooseMethod' && event.contactBy === 'APP' && isOffered(context, 'APP'),
    isOfferedChannel: ({ context, event }: Args) =>
      event.type === 'user.chooseMethod' && event.contactBy !== 'APP' && isOffered(context, event.contactBy),
    isSentChannel: ({ context }: Args) => context.channel !== undefined && context.channel !== 'APP',
    // A reload resumes the page without the send's reply, so when its code expires is not known there.
    hasCodeLifetime: ({ context }: Args) =>
      context.channel !== 'APP' &&
      context.codeSentAt !== undefined &&
      context.codeExpiresInSeconds !== undefined,
    isCodeEmpty: ({ event }: Args) => event.type === 'user.submitCode' && normaliseCode(event.code) === '',
    hasOptions: ({ context }: Args) => hasOptions(context),
    // Back and forward between the options and a code already sent; anything else keeps the screen.
    isRouteToOptions: ({ context, event }: Args) =>
      event.type === 'route.changed' && event.route?.name === 'twoFactorOptions' && hasOptions(context),
    isRouteToSentCode: ({ context, event }: Args) =>
      event.type === 'route.changed' &&
      event.route?.name === 'twoFactorVerify' &&
      event.route.channel === context.channel &&
      (context.channel === 'APP' ? isOffered(context, 'APP') : context.codeSent),
  },
  actions: {
    assignLoaded: assign((_, params: Loaded) => ({
      settings: params.settings,
      contacts: params.contacts,
      resendAfterSeconds: params.settings.resendAfterSeconds,
    })),
    assignResumedChannel: assign(({ context }) => {
      const route = context.resumeRoute;
      const channel = route?.name === 'twoFactorVerify' ? route.channel : undefined;
      return {
        channel,
        maskedContact: context.contacts.find((c) => c.contactBy === channel)?.masked,
        codeSent: channel !== 'APP',
        resendAvailableAt: Date.now() + context.resendAfterSeconds * 1000,
      };
    }),
    assignChosenChannel: assign(({ context, event }) => {
      const channel = event.type === 'user.chooseMethod' ? event.contactBy : context.channel;
      return {
        channel,
        maskedContact: context.contacts.find((c) => c.contactBy === channel)?.masked,
        codeSent: false,
        codeExpiresInSeconds: undefined,
        codeSentAt: undefined,
        fieldError: undefined,
        notice: undefined,
      };
    }),
    assignAuthenticatorChannel: assign({ channel: 'APP', maskedContact: undefined, fieldError: undefined }),
    // The first code of a method says it was sent; one asked for again says a new one is on its way.
    assignSentCode: assign((_, params: SentCode & { resent: boolean }) => {
      const now = Date.now();
      return {
        channel: params.contactBy,
        maskedContact: params.masked,
        codeSent: true,
        resendAfterSeconds: params.resendAfterSeconds,
        resendAvailableAt: now + params.resendAfterSeconds * 1000,
        codeExpiresInSeconds: params.expiresInSeconds,
        codeSentAt: now,
        fieldError: undefined,
        notice: params.resent ? ('codeResent' as const) : ('codeSent' as const),
      };
    }),
    assignPhoneUnavailable: assign(({ context }, params: ErrorParams) => ({
      unavailable: [...new Set([...context.unavailable, 'Phone' as const])],
      fieldError: codeMessage(context, params.error),
    })),
    assignCodeError: assign(({ context }, params: ErrorParams) => ({
      fieldError: codeMessage(context, params.error),
      notice: undefined,
    })),
    assignEmptyCodeError: assign(({ context }) => ({
      fieldError: toUiMessage({ id: 'errors.emptyCode' }, context.lookup),
    })),
    assignEnrolment: assign({
      enrolment: (_, params: { enrolment: TwoFactorContext['enrolment'] }) => params.enrolment,
    }),
    assignNotice: assign({ notice: (_, params: { notice: TwoFactorContext['notice'] }) => params.notice }),
    clearFieldError: assign({ fieldError: undefined }),
    raiseCodeSent: raise({ type: 'code.sent' }),
    // The page's language, switched in place: the codes sent from now on are worded in it.
    assignLocale: assign({ localeId: (_, params: { localeId: string }) => params.localeId }),
  },
});
