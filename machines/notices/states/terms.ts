import { noticesSetup } from '../notices.setup.ts';
import { callError, errorParams, expired, failure, session } from './shared.ts';

/**
 * The terms of service the account must accept before a code is issued (ours, 730; docs/notices.md):
 * the current version loads, the user ticks "I have read and accept" and accepts, or declines. Accepting
 * a version that has just been replaced (731) loads the new one, says the terms changed, and the user
 * reads and ticks again. A refused accept keeps the page and the tick, with the catalogue's message.
 */
export const terms = noticesSetup.createStateConfig({
  tags: ['screen.termsOfService'],
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy', 'loading'],
      invoke: {
        id: 'loadTerms',
        src: 'loadTerms',
        input: session,
        onDone: {
          target: 'reading',
          actions: { type: 'assignTerms', params: ({ event }) => event.output },
        },
        onError: [
          expired,
          { guard: { type: 'isRetryable', params: errorParams }, target: 'loadFailed', ...callError },
          failure,
        ],
      },
    },
    /** The terms could not load for now (the connection, too many requests): why, and Try again. */
    loadFailed: {
      on: { 'user.retry': { target: 'loading', actions: 'clearMessages' } },
    },
    reading: {
      on: {
        'user.changeAgreement': { actions: 'assignAgreement' },
        'user.accept': [
          { guard: 'isAgreementMissing', actions: 'assignAgreementMissing' },
          { target: 'accepting', actions: 'clearMessages' },
        ],
        'user.decline': '#notices.termsDeclined',
      },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        id: 'acceptTerms',
        src: 'acceptTerms',
        input: ({ context }) => ({
          clientId: context.clientId,
          sessionId: context.sessionId,
          version: context.terms?.version ?? '',
        }),
        onDone: '#notices.termsAccepted',
        onError: [
          expired,
          {
            guard: { type: 'isTermsVersionChanged', params: errorParams },
            target: 'loading',
            actions: 'markTermsChanged',
          },
          { target: 'reading', ...callError },
        ],
      },
    },
  },
});
