import type { SnapshotFrom } from 'xstate';
import type { passkeysMachine } from '../../../machines/passkeys/passkeys.machine.ts';
import type { PasskeysEvent } from '../../../machines/passkeys/passkeys.types.ts';
import { flowHooks } from '../../flowHooks.ts';

export type PasskeysSnapshot = SnapshotFrom<typeof passkeysMachine>;

/** The passkeys flow, invoked as `passkeys` by the sign-in machine's offeringPasskey state. */
const passkeys = flowHooks<PasskeysSnapshot, PasskeysEvent>('passkeys');
export const usePasskeys = passkeys.useFlow;
export const usePasskeysSend = passkeys.useFlowSend;

/** A call or the browser's ceremony is running: the page's buttons wait for it. */
export const usePasskeysBusy = () => passkeys.useFlowTag('busy');

/** The browser's creation ceremony is running (from the offer or the list): the page says what to do. */
export const usePasskeyCreating = () =>
  usePasskeys(
    (flow) =>
      flow?.matches({ offer: 'creating' }) === true || flow?.matches({ managing: 'creating' }) === true,
  );

/** A time of the contract (ISO 8601) as the Date an ICU `{date, date, …}` argument takes; undefined when it is none. */
export function dateOf(iso: string | undefined): Date | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
