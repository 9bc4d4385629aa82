import type { SnapshotFrom } from 'xstate';
import type { twoFactorMachine } from '../../../machines/twoFactor/twoFactor.machine.ts';
import type { TwoFactorEvent } from '../../../machines/twoFactor/twoFactor.types.ts';
import { flowHooks } from '../../flowHooks.ts';

export type TwoFactorSnapshot = SnapshotFrom<typeof twoFactorMachine>;

/** The two-factor flow, invoked as `twoFactor` by the sign-in machine's verifying state. */
const twoFactor = flowHooks<TwoFactorSnapshot, TwoFactorEvent>('twoFactor');
export const useTwoFactor = twoFactor.useFlow;
export const useTwoFactorSend = twoFactor.useFlowSend;
export const useTwoFactorTag = twoFactor.useFlowTag;
