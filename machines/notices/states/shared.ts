import type { NoticesContext } from '../notices.types.ts';

type ContextArgs = { context: NoticesContext };
type ErrorEvent = { event: { error: unknown } };
export const errorParams = ({ event }: ErrorEvent) => ({ error: event.error });

/** The session and locale the flow's calls are made in. */
export const session = ({ context }: ContextArgs) => ({
  clientId: context.clientId,
  sessionId: context.sessionId,
  localeId: context.localeId,
});

/** A session that expired under the flow ends it; the sign-in machine shows the session page. */
export const expired = {
  guard: { type: 'isSessionExpired', params: errorParams },
  target: '#notices.sessionExpired',
} as const;

/** A call that failed past what the page can say ends the flow on the sign-in machine's error page. */
export const failure = {
  target: '#notices.failed',
  actions: { type: 'assignFailure', params: errorParams },
} as const;

/** A refused call the page words, staying where it is (or going where `target` says). */
export const callError = { actions: { type: 'assignCallError', params: errorParams } } as const;
