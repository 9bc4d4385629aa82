import { emergencySetup } from '../emergency.locations.ts';
import type { EmergencyTag } from '../emergency.types.ts';
import {
  callError,
  expired,
  registerError,
  registerInput,
  registering,
  session,
  toConfirm,
  toEditor,
} from './shared.ts';

/**
 * Spec §4 BYOC (the local carrier provisions) and no defined locations (contact the administrator;
 * service continues): the user acknowledges, which the server records as a NO_DEFINED_LOCATION
 * registration, and the sign-in goes on.
 */
export const acknowledgement = (tag: EmergencyTag) =>
  emergencySetup.createStateConfig({
    tags: [tag],
    initial: 'showing',
    states: {
      showing: { on: { 'user.continue': { target: 'acknowledging', actions: 'clearMessages' } } },
      acknowledging: {
        tags: ['busy'],
        invoke: {
          id: 'registerVirtualLine',
          src: 'registerVirtualLine',
          input: registerInput('acknowledgement'),
          onDone: '#emergency.completed',
          onError: [expired, { target: 'showing', ...callError }],
        },
      },
    },
  });

/**
 * Spec §4 verification version changed (Edit or Confirm) and spec §5 an order-locked address
 * (Confirm only): Confirm validates the address on record again; still valid as it is, it is
 * registered again at once, otherwise the confirm page offers what the validation found.
 */
export const recheck = (tag: 'screen.emergencyVersionChanged' | 'screen.emergencyLocked', canEdit: boolean) =>
  emergencySetup.createStateConfig({
    tags: [tag],
    initial: 'showing',
    states: {
      showing: {
        on: {
          'user.confirmAddress': { target: 'revalidating', actions: 'clearMessages' },
          ...(canEdit
            ? {
                'user.edit': {
                  target: '#emergency.editor',
                  actions: { type: 'startEditing', params: { purpose: 'deviceAddress' } },
                },
                'route.changed': [toEditor, toConfirm],
              }
            : {}),
        },
      },
      revalidating: {
        tags: ['busy'],
        invoke: {
          id: 'revalidateAddress',
          src: 'revalidateAddress',
          input: ({ context }) => {
            const device = context.situation?.device;
            return {
              ...session({ context }),
              countryId: context.situation?.tracking.userCountryId ?? 0,
              address: device?.address ?? { country: context.situation?.tracking.userCountryIsoCode ?? 'US' },
              addressFormatId: device?.addressFormatId ?? '',
              phoneCountryId: context.situation?.tracking.userCountryId ?? 0,
            };
          },
          onDone: [
            {
              guard: { type: 'isRecordedAddressValid', params: ({ event }) => event.output },
              target: 'registering',
              actions: { type: 'assignRevalidation', params: ({ event }) => event.output },
            },
            {
              guard: { type: 'hasRecordedForm', params: ({ event }) => event.output },
              target: '#emergency.confirm',
              actions: { type: 'assignRevalidation', params: ({ event }) => event.output },
            },
            { target: 'showing', actions: 'assignFormUnsupported' },
          ],
          onError: [expired, { target: 'showing', ...callError }],
        },
      },
      registering: registering('form', [{ target: 'showing', ...registerError }]),
    },
  });
