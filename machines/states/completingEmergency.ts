import { signInFlowsSetup } from '../flows.setup.ts';
import { joinFlow, toFailedOutcome } from './joinFlow.ts';
import { requireValue } from './shared.ts';

/**
 * Spec §4 emergency address: the code request answered 701 (an address is needed) or 702 (no digital
 * line). The flow itself (dispatcher, locations, editor, confirm, registration) is machines/emergency/,
 * loaded as a chunk; once it completes the code request is asked again with eaCompleted=true, with the
 * consent already given, and the sign-in goes on to the app. A reload on one of its pages asks the
 * code request again (isResumingCodeRequest), which answers 701 or 702 if the address is still due.
 */
export const completingEmergency = signInFlowsSetup.createStateConfig({
  ...joinFlow({
    id: 'emergency',
    src: 'completeEmergencyAddress',
    tag: 'screen.emergency',
    input: (context) => ({ entry: requireValue(context.emergencyEntry, 'emergencyEntry') }),
    outcomes: [
      toFailedOutcome,
      { target: '#signIn.authorising.requestingCode', actions: 'markEmergencyCompleted' },
    ],
  }),
  entry: { type: 'track', params: { name: 'e911Start' } },
});
