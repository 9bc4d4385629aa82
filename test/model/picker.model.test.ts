import { describe } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { ApiError } from '../../api/errors.ts';
import { pickerMachine } from '../../machines/picker/picker.machine.ts';
import { pickerSetup, rowsOf } from '../../machines/picker/picker.setup.ts';
import type { PickerContext, PickerInput } from '../../machines/picker/picker.types.ts';
import { adaSession, graceSession } from '../fixtures/sessions.ts';
import { done, failed } from './actorEvents.ts';
import { itWalksEveryStateAndTransition } from './flowModel.ts';
import { withoutInvocations } from './projection.ts';

const offline = new ApiError({ code: 'UI_ERROR_NETWORK' });

/** Every event the picker takes: each row's choices, the page's buttons and every call's outcomes. */
const events = [
  done('listAccountSessions', [adaSession]),
  done('listAccountSessions', []),
  failed('listAccountSessions', offline),
  { type: 'user.chooseAccount', loginId: 'ada@example.com' },
  { type: 'user.chooseAccount', loginId: 'grace@example.co.uk' },
  { type: 'user.chooseAccount', loginId: 'nobody@example.com' },
  { type: 'user.useAnotherAccount' },
  { type: 'user.forgetAccount', loginId: 'ada@example.com' },
  { type: 'user.forgetAccount', loginId: 'grace@example.co.uk' },
  { type: 'user.signOut', loginId: 'ada@example.com' },
  { type: 'user.signOut', loginId: 'grace@example.co.uk' },
  { type: 'user.signOutAll' },
  { type: 'user.signOutEverywhere' },
  { type: 'user.signInWithPasskey', loginId: 'ada@example.com' },
  { type: 'user.managePasskeys', sessionId: adaSession.sessionId },
  done('signOut', [graceSession]),
  failed('signOut', offline),
  done('signOutAll', []),
  failed('signOutAll', offline),
];

const ada = { loginId: 'ada@example.com', displayName: 'Ada Quill', brandId: '1210', passkey: true };
const grace = { loginId: 'grace@example.co.uk', displayName: 'Grace Harrow', brandId: '7710' };
const input = (fields: Partial<PickerInput>): PickerInput => ({
  clientId: 'demo-app',
  brandId: '1210',
  sessionId: undefined,
  localeId: 'en_US',
  lookup: {},
  rememberedAccounts: [ada, grace],
  signedInAccounts: undefined,
  forcedStart: false,
  passkeysUsable: true,
  ...fields,
});
/**
 * Remembered accounts the picker lists itself; accounts the session check handed it (a forced start,
 * so a signed-in row signs in again); a browser without passkeys.
 */
const inputs = [
  input({}),
  input({ signedInAccounts: [adaSession, graceSession], forcedStart: true }),
  input({ rememberedAccounts: [grace], signedInAccounts: [], passkeysUsable: false }),
];

/** What the picker's guards read: the state and the rows (which, and which are signed in). */
const serialize = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as PickerContext;
  return JSON.stringify([
    snapshot.value,
    context.forcedStart,
    context.passkeysUsable,
    context.signedInAccounts === undefined,
    rowsOf(context).map((row) => `${row.loginId}:${row.sessionId !== undefined}`),
  ]);
};

/** The picker flow without invocations; its writes to this browser's storage go to jsdom's. */
const modelMachine = () =>
  pickerSetup.createMachine(
    withoutInvocations(pickerMachine.config as unknown as Parameters<typeof withoutInvocations>[0]) as never,
  ) as unknown as AnyStateMachine;

describe('account picker flow: generated paths', () => {
  itWalksEveryStateAndTransition(modelMachine(), inputs, events as EventObject[], serialize);
});
