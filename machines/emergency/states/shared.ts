import { and } from 'xstate';
import type { EmergencyRouteName } from '../../routes.ts';
import type { EmergencyContext } from '../emergency.types.ts';
import { addressOf, deviceIdOf } from '../emergencyDraft.ts';

type ContextArgs = { context: EmergencyContext };
type ErrorEvent = { event: { error: unknown } };
const errorParams = ({ event }: ErrorEvent) => ({ error: event.error });

/** The session the flow's calls are made in. */
export const session = ({ context }: ContextArgs) => ({
  clientId: context.clientId,
  sessionId: context.sessionId,
});

/** A session that expired under the flow ends it; the sign-in machine shows the session page. */
export const expired = {
  guard: { type: 'isSessionExpired', params: errorParams },
  target: '#emergency.sessionExpired',
} as const;

/** A refused call: its message on the field it is about, or on the page. */
export const callError = { actions: { type: 'assignCallError', params: errorParams } } as const;

/** A refusal of the editor's own fields (the nickname's rules, EA-FIELDS): the editor, with them. */
export const fieldRefused = {
  guard: { type: 'isFieldRefusal', params: errorParams },
  target: '#emergency.editor.editing',
  actions: { type: 'assignFieldRefusal', params: errorParams },
} as const;

/** A refused registration: its message, and that the previous address stays in force. */
export const registerError = { actions: { type: 'assignRegisterError', params: errorParams } } as const;

/**
 * register-virtual-line's body (spec §3 virtual line registration): from the chooser, the selected
 * location; from the form, the new personal location (just added) or the device's own address.
 */
export function registerInput(via: 'chooser' | 'form' | 'acknowledgement') {
  return ({ context }: ContextArgs) => {
    const base = {
      ...session({ context }),
      originalDeviceId: deviceIdOf(context.situation),
      emergencyLocationsEnabled: context.situation?.tracking.emergencyLocationsEnabled === true,
    };
    if (via === 'acknowledgement') return { ...base, addressType: 'NO_DEFINED_LOCATION' as const };
    if (via === 'chooser' || context.purpose === 'personalLocation' || !context.draft)
      return { ...base, addressType: 'ERL' as const, emergencyLocationId: context.selectedLocationId };
    return {
      ...base,
      addressType: 'OTHER' as const,
      emergencyServiceAddress: addressOf(context.draft),
      addressFormatId: context.draft.format.id,
      outOfCountryAccepted: context.outOfCountryAccepted,
    };
  };
}

const registeredParams = ({ event }: { event: { output: { takesEffectWithinHours: number } } }) =>
  event.output;

/** A registering step: saved on success; on failure back to `idle` with the previous address kept. */
export function registering(via: 'chooser' | 'form', onError: readonly object[]) {
  return {
    tags: ['busy'] as const,
    invoke: {
      id: 'registerVirtualLine',
      src: 'registerVirtualLine' as const,
      input: registerInput(via),
      onDone: { target: '#emergency.saved', actions: { type: 'assignRegistered', params: registeredParams } },
      onError: [expired, ...onError],
    },
  } as const;
}

/** Back, forward and typed-in addresses inside the flow: a page is returned to only if its data is here. */
const routeTo = <A extends 'clearMessages' | 'assignValidationMessage' = 'clearMessages'>(
  name: EmergencyRouteName,
  guard: 'areLocationsEnabled' | 'hasDraft' | 'hasValidation' | 'isVersionChanged',
  target: string,
  actions: A = 'clearMessages' as A,
) =>
  ({
    guard: and([{ type: 'isRouteTo', params: { name } }, guard]),
    target,
    actions,
  }) as const;
export const toChooser = routeTo(
  'emergencyChooseLocation',
  'areLocationsEnabled',
  '#emergency.chooseLocation',
);
export const toEditor = routeTo('emergencyEditor', 'hasDraft', '#emergency.editor.editing');
export const toConfirm = routeTo(
  'emergencyConfirm',
  'hasValidation',
  '#emergency.confirm.reviewing',
  'assignValidationMessage',
);
export const toVersionChanged = routeTo(
  'emergencyVersionChanged',
  'isVersionChanged',
  '#emergency.versionChanged',
);
