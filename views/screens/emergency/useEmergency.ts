import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { AnyActorRef } from 'xstate';
import type {
  EmergencyContext,
  EmergencyEvent,
  EmergencyTag,
} from '../../../machines/emergency/emergency.types.ts';
import { SignInActor } from '../../SignInActor.ts';

/**
 * What the pages read of the emergency flow's snapshot. The flow's types are the contract between the
 * pages and machines/emergency/, so the pages see no more of the machine than they describe.
 */
export interface EmergencySnapshot {
  readonly context: EmergencyContext;
  hasTag(tag: EmergencyTag): boolean;
  can(event: EmergencyEvent): boolean;
}

/** The lazily loaded flow as the sign-in machine holds it (machines/lazyFlow.ts): its machine under `flow`. */
type EmergencyFlowSnapshot = { flow?: EmergencySnapshot | undefined } | undefined;

/** The running emergency-address flow (invoked as `emergency` by the sign-in machine). */
function useEmergencyRef(): AnyActorRef | undefined {
  return SignInActor.useSelector(
    (snapshot) => (snapshot.children as Readonly<Record<string, AnyActorRef | undefined>>).emergency,
  );
}

/**
 * Reads the emergency flow the way views read the sign-in machine: a selector over its snapshot
 * (undefined while its chunk loads), and a `send` for the flow's own events.
 */
export function useEmergency<T>(
  selector: (flow: EmergencySnapshot | undefined) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  const ref = useEmergencyRef();
  return useSelector(ref, (snapshot) => selector((snapshot as EmergencyFlowSnapshot)?.flow), compare);
}

export function useEmergencySend(): (event: EmergencyEvent) => void {
  const ref = useEmergencyRef();
  return (event) => ref?.send(event);
}

/** A call is running: the page's buttons wait for it. */
export const useEmergencyBusy = () => useEmergency((flow) => flow?.hasTag('busy') === true);

/** The page waits for what it shows (the country's address format, the locations). */
export const useEmergencyLoading = () => useEmergency((flow) => flow?.hasTag('loading') === true);

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
