import type { SnapshotFrom } from 'xstate';
import type { accountMachine } from '../../../machines/account/account.machine.ts';
import type { AccountEvent } from '../../../machines/account/account.types.ts';
import { flowHooks } from '../../flowHooks.ts';

export type AccountSnapshot = SnapshotFrom<typeof accountMachine>;

/** The account flow, invoked as `account` by the sign-in machine's managingAccount state. */
const account = flowHooks<AccountSnapshot, AccountEvent>('account');
export const useAccount = account.useFlow;
export const useAccountSend = account.useFlowSend;

/** A call is running: the page's buttons wait for it. */
export const useAccountBusy = () => account.useFlowTag('busy');

/** The page waits for what its form needs (the account's PIN rule, a link's facts). */
export const useAccountLoading = () => account.useFlowTag('loading');

/** The page's email has gone out: the confirm-email and activation pages show what follows it. */
export const useMailSent = () => account.useFlowTag('mailSent');
