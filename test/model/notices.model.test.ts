import { describe } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { ApiError } from '../../api/errors.ts';
import { noticesMachine } from '../../machines/notices/notices.machine.ts';
import { noticesSetup } from '../../machines/notices/notices.setup.ts';
import type { NoticesContext } from '../../machines/notices/notices.types.ts';
import { newerTerms, noticesInput, retiredOf, termsOf } from '../fixtures/notices.ts';
import { done, failed } from './actorEvents.ts';
import { itWalksEveryStateAndTransition } from './flowModel.ts';
import { withoutInvocations } from './projection.ts';

const refusal = (code: number, httpStatus = 400) =>
  new ApiError({ code: `API_ERROR_${code}`, httpStatus, backendMessage: 'no' });
const network = new ApiError({ code: 'UI_ERROR_NETWORK' });
const tooMany = new ApiError({ code: 'API_ERROR_429', httpStatus: 429, rayId: 'ray-1' });

/** Every event the flow takes: user choices, a forwarded address and every actor's outcomes. */
const events = [
  { type: 'user.accept' },
  { type: 'user.decline' },
  { type: 'user.changeAgreement', agreed: true },
  { type: 'user.changeAgreement', agreed: false },
  { type: 'user.retry' },
  { type: 'route.changed', route: { name: 'termsOfService' } },
  done('loadTerms', termsOf()),
  done('loadTerms', newerTerms),
  failed('loadTerms', network),
  failed('loadTerms', tooMany),
  failed('loadTerms', refusal(221, 401)),
  failed('loadTerms', refusal(101, 500)),
  done('acceptTerms', { version: termsOf().version, acceptedAt: '2026-04-01T10:00:00Z' }),
  failed('acceptTerms', refusal(731, 409)),
  failed('acceptTerms', refusal(227, 401)),
  failed('acceptTerms', tooMany),
  failed('acceptTerms', network),
  done('loadRetiredApp', retiredOf()),
  done('loadRetiredApp', { appName: 'Orvalle Notes', retired: false }),
  failed('loadRetiredApp', network),
  failed('loadRetiredApp', refusal(101, 500)),
];

/** Each notice the sign-in machine can ask for. */
const inputs = [noticesInput('fedramp'), noticesInput('terms'), noticesInput('retiredApp')];

/** What the flow's guards read: the state and the tick (the entry kind is in the state once started). */
const serialize = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as NoticesContext;
  return JSON.stringify([snapshot.value, context.termsAgreed]);
};

/** The notices flow without invocations (it has no side-effect actions to stand in for). */
const modelMachine = () =>
  noticesSetup.createMachine(
    withoutInvocations(noticesMachine.config as unknown as Parameters<typeof withoutInvocations>[0]) as never,
  ) as unknown as AnyStateMachine;

describe('notices flow: generated paths', () => {
  itWalksEveryStateAndTransition(modelMachine(), inputs, events as EventObject[], serialize);
});
