import type { AccountContext } from '../account.types.ts';

/** The fields every account call carries. */
export const base = ({ context }: { context: AccountContext }) => ({
  clientId: context.clientId,
  brandId: context.brandId,
});

/** An emailed link: where it goes, and the page's query, so the link continues to the same app. */
export const mailInput = ({ context }: { context: AccountContext }) => ({
  ...base({ context }),
  credential: context.identifier,
  localeId: context.localeId,
  returnQuery: context.returnQuery.replace(/^\?/, ''),
});

type ErrorEvent = { event: { error: unknown } };
const errorParams = ({ event }: ErrorEvent) => ({ error: event.error });

/** A session that expired under the flow ends it; the sign-in machine shows the session page. */
export const expired = {
  guard: { type: 'isSessionExpired', params: errorParams },
  target: '#account.sessionExpired',
} as const;

/** An expired or used link (405, 411) is a page of its own (spec §8 standalone page). */
export const linkInvalid = {
  guard: { type: 'isLinkInvalid', params: errorParams },
  target: '#account.failed',
  actions: { type: 'assignFailure', params: errorParams },
} as const;

/** Anything else the flow cannot go on from: the sign-in machine's error page. */
export const fail = {
  target: '#account.failed',
  actions: { type: 'assignFailure', params: errorParams },
} as const;

/** A refused call: its message on the field it is about, or on the form. */
export const callError = { actions: { type: 'assignCallError', params: errorParams } } as const;

const sentParams = ({ event }: { event: { output: { maskedEmail: string } } }) => event.output;
export const sent = { type: 'assignSent', params: sentParams } as const;
