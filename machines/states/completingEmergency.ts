import type { EmergencyOutput } from '../emergency/emergency.types.ts';
import { signInFlowsSetup } from '../flows.setup.ts';
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

type Done = { event: { output: EmergencyOutput } };
const outcome = (name: EmergencyOutput['outcome']) => flowOutcome<EmergencyOutput>(name);

/**
 * Spec §4 emergency address: the code request answered 701 (an address is needed) or 702 (no digital
 * line). The flow itself (dispatcher, locations, editor, confirm, registration) is machines/emergency/,
 * loaded as a chunk; once it completes the code request is asked again with eaCompleted=true, with the
 * consent already given, and the sign-in goes on to the app. A reload on one of its pages asks the
 * code request again (isResumingCodeRequest), which answers 701 or 702 if the address is still due.
 */
export const completingEmergency = signInFlowsSetup.createStateConfig({
  tags: ['screen.emergency'],
  entry: { type: 'track', params: { name: 'e911Start' } },
  exit: 'forgetInitialRoute',
  invoke: {
    id: 'emergency',
    src: 'completeEmergencyAddress',
    input: ({ context }) => ({
      clientId: context.clientId,
      brandId: brandIdOf(context),
      sessionId: context.sessionId,
      localeId: effectiveLocale(context),
      lookup: messageLookupOf(context),
      entry: requireValue(context.emergencyEntry, 'emergencyEntry'),
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
      { target: '#signIn.authorising.requestingCode', actions: 'markEmergencyCompleted' },
    ],
    // The flow's chunk did not load.
    onError: toErrorPage,
  },
  on: {
    'route.changed': [
      toCredential,
      toPassword,
      toPicker,
      { guard: 'isRouteToEmergency', actions: 'forwardToEmergency' },
    ],
    'user.cancel': cancel,
  },
});
