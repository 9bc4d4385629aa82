import { noticesSetup } from './notices.setup.ts';
import type { NoticesContext, NoticesInput, NoticesOutput } from './notices.types.ts';
import { retiredApp } from './states/retiredApp.ts';
import { terms } from './states/terms.ts';

function initialContext(input: NoticesInput): NoticesContext {
  return {
    ...input,
    terms: undefined,
    termsAgreed: false,
    agreementMissing: false,
    termsChanged: false,
    retiredApp: undefined,
    formError: undefined,
    pageError: undefined,
  };
}

/**
 * The notices part of the one statechart (docs/notices.md): the FedRAMP notice (spec §2
 * /notification/FEDRAMP, §4 720), the terms of service (ours, 730/731) and the retired-app notice
 * (ours, 216). The sign-in machine invokes it as `showNotice` from `acknowledgingNotice` when the code
 * request answers 720, 730 or 216 (or a reload lands on one of its pages) and loads it as a chunk of its
 * own (machines/lazyFlow.ts); its states carry the screen tags machines/routes.ts turns into the address.
 */
export const noticesMachine = noticesSetup.createMachine({
  id: 'notices',
  context: ({ input }) => initialContext(input),
  output: ({ event }) => (event as unknown as { output: NoticesOutput }).output,
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'isFedrampEntry', target: 'fedramp' },
        { guard: 'isTermsEntry', target: 'terms' },
        { target: 'retiredApp' },
      ],
    },
    /** Spec §4 720: the US government system-use notification, accepted or declined; no call. */
    fedramp: {
      tags: ['screen.fedrampNotice'],
      on: { 'user.accept': 'fedrampAccepted', 'user.decline': 'fedrampDeclined' },
    },
    terms,
    retiredApp,
    fedrampAccepted: { type: 'final', output: { outcome: 'accepted', notice: 'fedramp' } },
    fedrampDeclined: { type: 'final', output: { outcome: 'declined', notice: 'fedramp' } },
    termsAccepted: { type: 'final', output: { outcome: 'accepted', notice: 'terms' } },
    termsDeclined: { type: 'final', output: { outcome: 'declined', notice: 'terms' } },
    failed: { type: 'final', output: ({ context }) => ({ outcome: 'failed', error: context.pageError }) },
    sessionExpired: { type: 'final', output: { outcome: 'sessionExpired' } },
  },
});
