import { not } from 'xstate';
import { signInFlowsSetup } from '../flows.setup.ts';
import type { NoticesOutput } from '../notices/notices.types.ts';
import { brandIdOf, effectiveLocale, messageLookupOf } from '../signIn.context.ts';
import {
  cancel,
  flowOutcome,
  requireValue,
  toCredential,
  toErrorPage,
  toPassword,
  toPicker,
} from './shared.ts';

type Done = { event: { output: NoticesOutput } };
const outcome = (name: NoticesOutput['outcome']) => flowOutcome<NoticesOutput>(name);

/**
 * Spec §4 720 and the notices of docs/notices.md: the code request asked for the FedRAMP notice (720),
 * the terms of service (730, ours) or named a retired app (216, ours; also at start-up, errorCode=216).
 * The flow (machines/notices/) loads as a chunk; an accepted notice asks for the code again — FedRAMP
 * with fedrampNotificationCompleted=true for the rest of this sign-in — and a declined one returns to
 * the app with access_denied. A reload on a notice page asks the code request again (isResumingCodeRequest).
 */
export const acknowledgingNotice = signInFlowsSetup.createStateConfig({
  tags: ['screen.notices'],
  exit: 'forgetInitialRoute',
  invoke: {
    id: 'notices',
    src: 'showNotice',
    input: ({ context }) => ({
      clientId: context.clientId,
      brandId: brandIdOf(context),
      sessionId: context.sessionId,
      localeId: effectiveLocale(context),
      lookup: messageLookupOf(context),
      entry: { kind: requireValue(context.noticeKind, 'noticeKind') },
    }),
    onDone: [
      { guard: outcome('sessionExpired'), target: '#signIn.sessionExpired' },
      {
        guard: outcome('failed'),
        target: '#signIn.failed.error',
        actions: {
          type: 'assignFailure',
          params: ({ event }: Done) => ({
            error: event.output.outcome === 'failed' ? event.output.error : undefined,
          }),
        },
      },
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
    // The flow's chunk did not load.
    onError: toErrorPage,
  },
  on: {
    'route.changed': [
      toCredential,
      toPassword,
      toPicker,
      { guard: 'isRouteToNotice', actions: 'forwardToNotices' },
    ],
    // A retired app is not sent back to: its notice is where this sign-in ends (docs/notices.md).
    'user.cancel': { ...cancel, guard: not('isRetiredAppNotice') },
  },
});
