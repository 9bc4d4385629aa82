import type { AnyStateMachine } from 'xstate';
import { signInAccountsSetup } from '../../machines/accounts.setup.ts';
import { signInMachine } from '../../machines/signIn.machine.ts';

type StateConfig = {
  invoke?: { id: string; onDone?: unknown; onError?: unknown } | unknown[];
  on?: Record<string, unknown>;
  states?: Record<string, StateConfig>;
  [key: string]: unknown;
};

/**
 * `createTestModel` refuses machines that invoke actors. An invocation's onDone/onError are sugar for
 * transitions on `xstate.done.actor.<id>` / `xstate.error.actor.<id>`, so the projection writes them out
 * as such and drops the invocation: the same states, guards and actions, and a graph that
 * `xstate/graph` can walk with explicit completion events.
 */
export function withoutInvocations(config: StateConfig): StateConfig {
  const { invoke, states, on, ...rest } = config;
  const projected: StateConfig = { ...rest };
  const transitions: Record<string, unknown> = { ...(on ?? {}) };
  if (invoke && !Array.isArray(invoke)) {
    if (invoke.onDone) transitions[`xstate.done.actor.${invoke.id}`] = invoke.onDone;
    if (invoke.onError) transitions[`xstate.error.actor.${invoke.id}`] = invoke.onError;
  }
  if (Object.keys(transitions).length > 0) projected.on = transitions;
  if (states) {
    projected.states = Object.fromEntries(
      Object.entries(states).map(([key, child]) => [key, withoutInvocations(child)]),
    );
  }
  return projected;
}

/** The sign-in statechart without invocations and without browser side effects. */
export function createModelMachine(): AnyStateMachine {
  const config = withoutInvocations(signInMachine.config as unknown as StateConfig);
  return signInAccountsSetup.createMachine(config as never).provide({
    actions: {
      navigateAway: () => {},
      openIdentityProvider: () => {},
      persistSignIn: () => {},
      forgetInitialLoginId: () => {},
      reloadWithLocale: () => {},
      reloadOnSessionExpired: () => {},
      storeAutomationTarget: () => {},
      rememberCredential: () => {},
      loadFingerprintScript: () => {},
    },
  }) as unknown as AnyStateMachine;
}
