import { type AccountForm, accountSetup } from '../account.setup.ts';
import type { AccountTag } from '../account.types.ts';
import { base, callError, expired } from './shared.ts';

type Values = { currentPassword?: string; password?: string; pin?: string };
const valuesOf = (event: { type: string; values?: Values }) => event.values ?? {};
/** A PIN field left out or empty keeps the PIN (only accounts with one see the fields). */
const pinOf = (values: Values) => (values.pin ? values.pin : undefined);

/** Spec §7 change-password (a signed-in session) or change-legacy-password (319, no session). */
function changeCall(form: AccountForm) {
  if (form === 'legacy')
    return {
      id: 'changeLegacyPassword',
      src: 'changeLegacyPassword' as const,
      input: ({
        context,
        event,
      }: {
        context: Parameters<typeof base>[0]['context'];
        event: { type: string };
      }) => ({
        ...base({ context }),
        username: context.identifier,
        currentPassword: valuesOf(event).currentPassword ?? '',
        password: valuesOf(event).password ?? '',
      }),
    };
  return {
    id: 'changePassword',
    src: 'changePassword' as const,
    input: ({
      context,
      event,
    }: {
      context: Parameters<typeof base>[0]['context'];
      event: { type: string };
    }) => {
      const values = valuesOf(event);
      return {
        clientId: context.clientId,
        sessionId: context.sessionId,
        // Required changes (412) are made right after the sign-in that proved the account.
        currentPassword: form === 'change' ? values.currentPassword : undefined,
        password: values.password ?? '',
        pin: pinOf(values),
      };
    },
  };
}

/**
 * One password-change page (spec §2 /enforceResetPassword, /changeOneTimePassword/…, /changePassword/…
 * and the legacy password change): the account's PIN rule is looked up first, then the form; a
 * required change goes straight on to the code request, the others show /changePasswordSuccess.
 */
export function changeStates(form: AccountForm, screen: AccountTag) {
  const call = changeCall(form);
  return accountSetup.createStateConfig({
    initial: 'preparing',
    states: {
      preparing: {
        tags: [screen, 'loading', 'busy'],
        invoke: {
          id: 'lookUpCredential',
          src: 'lookUpCredential',
          input: ({ context }) => ({ ...base({ context }), credential: context.identifier }),
          onDone: {
            target: 'editing',
            actions: { type: 'assignLookup', params: ({ event }) => event.output },
          },
          // The PIN rule is a nicety here: without it the form asks for the password only.
          onError: 'editing',
        },
      },
      editing: {
        tags: [screen],
        on: {
          'user.submit': [
            {
              guard: { type: 'isFormInvalid', params: { form } },
              actions: { type: 'assignFormErrors', params: { form } },
            },
            { target: 'saving', actions: 'clearErrors' },
          ],
        },
      },
      saving: {
        tags: [screen, 'busy'],
        invoke: {
          ...call,
          onDone:
            form === 'required'
              ? '#account.changed'
              : {
                  target: '#account.changeSucceeded',
                  actions: {
                    type: 'assignLoginId',
                    params: ({ event }: { event: { output: { loginId: string } } }) => event.output,
                  },
                },
          onError: [expired, { target: 'editing', ...callError }],
        },
      },
    },
  });
}
