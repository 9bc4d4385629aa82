import { not } from 'xstate';
import { signInFlowsSetup } from '../flows.setup.ts';
import type { NoticesOutput } from '../notices/notices.types.ts';
import { joinFlow, toFailedOutcome } from './joinFlow.ts';
import { cancel, flowOutcome, requireValue } from './shared.ts';

type Done = { event: { output: NoticesOutput } };
const outcome = (name: NoticesOutput['outcome']) => flowOutcome<NoticesOutput>(name);

/**
 * Spec §4 720 and the notices of docs/notices.md: the code request asked for the FedRAMP notice (720),
 * the terms of service (730, ours) or named a retired app (216, ours; also at start-up, errorCode=216).
 * The flow (machines/notices/) loads as a chunk; an accepted notice asks for the code again — FedRAMP
 * with fedrampNotificationCompleted=true for the rest of this sign-in — and a declined one returns to
 * the app with access_denied. A reload on a notice page asks the code request again (isResumingCodeRequest).
 */
const joined = joinFlow({
  id: 'notices',
  src: 'showNotice',
  tag: 'screen.notices',
  input: (context) => ({ entry: { kind: requireValue(context.noticeKind, 'noticeKind') } }),
  outcomes: [
    toFailedOutcome,
    {
      guard: outcome('declined'),
      target: '#signIn.leaving',
      actions: ['assignNoticeDeclinedRedirect', { type: 'track', params: { name: 'cancelled' } }],
    },
    {
      guard: { type: 'isFedrampAccepted', params: ({ event }: Done) => event.output },
      target: '#signIn.authorising.requestingCode',
      actions: 'markFedrampCompleted',
    },
    { target: '#signIn.authorising.requestingCode' },
  ],
});

export const acknowledgingNotice = signInFlowsSetup.createStateConfig({
  ...joined,
  // A retired app is not sent back to: its notice is where this sign-in ends (docs/notices.md).
  on: { ...joined.on, 'user.cancel': { ...cancel, guard: not('isRetiredAppNotice') } },
});
