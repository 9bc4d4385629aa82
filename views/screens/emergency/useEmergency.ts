import { useRef } from 'react';
import type {
  EmergencyContext,
  EmergencyEvent,
  EmergencyTag,
} from '../../../machines/emergency/emergency.types.ts';
import { flowHooks } from '../../flowHooks.ts';

/**
 * What the pages read of the emergency flow's snapshot. The flow's types are the contract between the
 * pages and machines/emergency/, so the pages see no more of the machine than they describe.
 */
export interface EmergencySnapshot {
  readonly context: EmergencyContext;
  hasTag(tag: EmergencyTag): boolean;
  can(event: EmergencyEvent): boolean;
}

/** The emergency-address flow, invoked as `emergency` by the sign-in machine's completingEmergency state. */
const emergency = flowHooks<EmergencySnapshot, EmergencyEvent>('emergency');
export const useEmergency = emergency.useFlow;
export const useEmergencySend = emergency.useFlowSend;

/** A call is running: the page's buttons wait for it. */
export const useEmergencyBusy = () => emergency.useFlowTag('busy');

/** The page waits for what it shows (the country's address format, the locations). */
export const useEmergencyLoading = () => emergency.useFlowTag('loading');

/** Whether the flow's current state takes an event (a Back, a Delete …): the page offers only those. */
export const useEmergencyCan = (event: EmergencyEvent) => useEmergency((flow) => flow?.can(event) === true);

/**
 * What a page offers besides its main action (Back, Add, Delete, "I'm outside …"): what its state takes
 * when no call runs. While one runs the offer stays as it was (its button disabled like every other),
 * so the page does not shift under the user's pointer and focus.
 */
export function useEmergencyOffer(event: EmergencyEvent): boolean {
  const offered = useEmergency((flow) => (flow?.hasTag('busy') ? undefined : flow?.can(event) === true));
  const last = useRef(false);
  if (offered !== undefined) last.current = offered;
  return last.current;
}
