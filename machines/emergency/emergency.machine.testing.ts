/** The emergency flow under test: started with stand-in calls (recorded), and the refusals its tests send. */
import { createActor, fromPromise } from 'xstate';
import { emergencyErrorCodes } from '../../api/contract/emergency.ts';
import { ApiError } from '../../api/errors.ts';
import { emergencyInput, gbForm, registered, usForm, validations } from '../../test/fixtures/emergency.ts';
import { pathOf, type RoutedSnapshot, routeOf } from '../routes.ts';
import { emergencyActors } from './emergency.actors.ts';
import { emergencyMachine } from './emergency.machine.ts';
import type { EmergencyEntry, EmergencyEvent, EmergencySituation } from './emergency.types.ts';

export const refusal = (code: number, errorCode?: string, errorParameters?: Record<string, string>) =>
  new ApiError({
    code: `API_ERROR_${code}`,
    httpStatus: 400,
    backendMessage: 'refused',
    ...(errorCode ? { errorCode } : {}),
    ...(errorParameters ? { errorParameters } : {}),
  });
/** The server's EA-FIELDS as the client keeps it: its reply, with `fieldErrors`, as it came. */
export const fieldsRefusal = (fieldErrors: unknown) =>
  new ApiError({
    code: 'API_ERROR_703',
    httpStatus: 400,
    backendMessage: 'Validation errors occurred in the address fields',
    errorCode: emergencyErrorCodes.fields,
    reply: {
      status: { success: false, code: 703, backendMessage: 'refused' },
      errorCode: emergencyErrorCodes.fields,
      fieldErrors,
    },
  });
export const network = new ApiError({ code: 'UI_ERROR_NETWORK' });

type Answers = Partial<Record<keyof typeof emergencyActors, (input: Record<string, unknown>) => unknown>>;

/** The flow in `situation`, every call answered by `answers` (or plainly); calls are recorded. */
export function start(
  situation: EmergencySituation,
  answers: Answers = {},
  code: EmergencyEntry['code'] = 701,
) {
  const calls: { actor: string; input: Record<string, unknown> }[] = [];
  const plain: Answers = {
    loadEmergencySituation: () => situation,
    loadAddressForm: (input) => (input.countryId === 224 ? gbForm : usForm),
    validateAddress: () => validations.valid,
    revalidateAddress: () => ({ form: usForm, validation: validations.validAsIs }),
    addEmergencyLocation: (input) => ({
      location: {
        locationId: 'new-1',
        nickname: input.nickname,
        address: input.address,
        addressFormatId: input.addressFormatId,
        category: 'personal',
        addressStatus: 'Valid',
        inUseByOtherNumber: false,
      },
      replacedLocationId: input.replaceLocationId,
    }),
    deleteEmergencyLocation: (input) => ({ deletedLocationId: input.locationId }),
    registerVirtualLine: () => registered,
  };
  const actors = Object.fromEntries(
    Object.keys(emergencyActors).map((name) => [
      name,
      fromPromise(async ({ input }: { input: Record<string, unknown> }) => {
        calls.push({ actor: name, input });
        return (answers[name as keyof Answers] ?? plain[name as keyof Answers])?.(input);
      }),
    ]),
  );
  const actor = createActor(emergencyMachine.provide({ actors: actors as never }), {
    input: emergencyInput(code),
  }).start();
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  const send = async (...events: EmergencyEvent[]) => {
    for (const event of events) {
      actor.send(event);
      await settled();
    }
  };
  const path = () => {
    // The flow's context names no route parameters: its snapshot is a RoutedSnapshot all the same.
    const route = routeOf(actor.getSnapshot() as unknown as RoutedSnapshot);
    return route && pathOf(route);
  };
  const last = (name: string) => calls.filter((call) => call.actor === name).at(-1)?.input;
  return { actor, calls, settled, send, path, last, context: () => actor.getSnapshot().context };
}

export const type = (values: Record<string, string>): EmergencyEvent[] =>
  Object.entries(values).map(
    ([field, value]) => ({ type: 'user.changeField', field, value }) as EmergencyEvent,
  );
