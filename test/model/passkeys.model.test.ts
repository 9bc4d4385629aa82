import { describe } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { PasskeySummary } from '../../api/contract/passkeys.ts';
import { ApiError } from '../../api/errors.ts';
import { passkeysMachine } from '../../machines/passkeys/passkeys.machine.ts';
import { passkeysSetup } from '../../machines/passkeys/passkeys.setup.ts';
import type { PasskeysInput } from '../../machines/passkeys/passkeys.types.ts';
import { done, failed } from './actorEvents.ts';
import { itWalksEveryStateAndTransition } from './flowModel.ts';
import { withoutInvocations } from './projection.ts';

const refusal = (code: number, httpStatus = 400) =>
  new ApiError({ code: `API_ERROR_${code}`, httpStatus, backendMessage: 'no' });
const passkey: PasskeySummary = {
  id: '1',
  name: 'Chrome on Linux',
  createdAt: '2026-11-20T10:00:00Z',
  backedUp: false,
  needsReenrolment: false,
};
const list = (offer: string) => ({ allowed: true, offer, passkeys: [passkey] });

/** Every event the flow takes: the person's choices, a forwarded address and every call's outcomes. */
const events = [
  { type: 'user.createPasskey' },
  { type: 'user.notNow' },
  { type: 'user.removePasskey', passkeyId: '1' },
  { type: 'user.continue' },
  { type: 'user.retry' },
  { type: 'route.changed', route: { name: 'passkeyList' } },
  done('loadPasskeys', list('show')),
  done('loadPasskeys', list('none')),
  done('loadPasskeys', list('afterSecondFactor')),
  failed('loadPasskeys', refusal(221, 401)),
  failed('loadPasskeys', new ApiError({ code: 'UI_ERROR_NETWORK' })),
  done('registerPasskey', passkey),
  failed('registerPasskey', new ApiError({ code: 'UI_ERROR_PASSKEY_CANCELLED' })),
  failed('registerPasskey', refusal(306)),
  failed('registerPasskey', refusal(227, 401)),
  done('dismissOffer', { dismissed: true }),
  failed('dismissOffer', refusal(101, 500)),
  done('removePasskey', list('none')),
  failed('removePasskey', refusal(751, 404)),
  failed('removePasskey', refusal(221, 401)),
];

const input = (entry: PasskeysInput['entry']): PasskeysInput => ({
  clientId: 'partner-app',
  brandId: '1210',
  sessionId: 'session-1',
  localeId: 'en_US',
  lookup: {},
  entry,
});
/** The offer after a password sign-in, and the picker's management page. */
const inputs = [input({ kind: 'offer' }), input({ kind: 'manage', sessionId: 'session-2' })];

/** What the flow's guards read: the state and the entry (the offer's answers are in the events). */
const serialize = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify([snapshot.value, (snapshot.context as PasskeysInput).entry.kind]);

/** The passkeys flow without invocations (it has no side-effect actions to stand in for). */
const modelMachine = () =>
  passkeysSetup.createMachine(
    withoutInvocations(
      passkeysMachine.config as unknown as Parameters<typeof withoutInvocations>[0],
    ) as never,
  ) as unknown as AnyStateMachine;

describe('passkeys flow: generated paths', () => {
  itWalksEveryStateAndTransition(modelMachine(), inputs, events as EventObject[], serialize);
});
