import type { AnyStateMachine } from 'xstate';
import { accountMachine } from '../../machines/account/account.machine.ts';
import { accountSetup } from '../../machines/account/account.setup.ts';
import { emergencySetup } from '../../machines/emergency/emergency.locations.ts';
import { emergencyMachine } from '../../machines/emergency/emergency.machine.ts';
import { signInPasskeysSetup } from '../../machines/passkeySignIn.setup.ts';
import { signInMachine } from '../../machines/signIn.machine.ts';
import { twoFactorMachine } from '../../machines/twoFactor/twoFactor.machine.ts';
import { twoFactorSetup } from '../../machines/twoFactor/twoFactor.setup.ts';

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
 * `xstate/graph` can walk with explicit completion events. Named delays are projected the same way.
 */
export function withoutInvocations(config: StateConfig): StateConfig {
  const { invoke, states, on, after, ...rest } = config;
  const projected: StateConfig = { ...rest };
  const transitions: Record<string, unknown> = { ...(on ?? {}) };
  // Delayed transitions (which xstate/graph refuses too) become the event `model.after.<delay name>`.
  for (const [delay, transition] of Object.entries((after as Record<string, unknown> | undefined) ?? {}))
    transitions[`model.after.${delay}`] = transition;
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
  return signInPasskeysSetup.createMachine(config as never).provide({
    actions: {
      navigateAway: () => {},
      openIdentityProvider: () => {},
      persistSignIn: () => {},
      forgetInitialLoginId: () => {},
      showLocaleOutside: () => {},
      reloadOnSessionExpired: () => {},
      storeAutomationTarget: () => {},
      rememberCredential: () => {},
      rememberPasskey: () => {},
      loadFingerprintScript: () => {},
      // The flow is not running in the model (its invocation is projected away); its own model walks it.
      forwardToFlow: () => {},
      forwardToRoom: () => {},
    },
  }) as unknown as AnyStateMachine;
}

/** The account flow without invocations (it has no side-effect actions to stand in for). */
export function createAccountModelMachine(): AnyStateMachine {
  const config = withoutInvocations(accountMachine.config as unknown as StateConfig);
  return accountSetup.createMachine(config as never) as unknown as AnyStateMachine;
}

/** The two-factor flow without invocations (it has no side-effect actions to stand in for). */
export function createTwoFactorModelMachine(): AnyStateMachine {
  const config = withoutInvocations(twoFactorMachine.config as unknown as StateConfig);
  return twoFactorSetup.createMachine(config as never) as unknown as AnyStateMachine;
}

/** The emergency-address flow without invocations (it has no side-effect actions to stand in for). */
export function createEmergencyModelMachine(): AnyStateMachine {
  const config = withoutInvocations(emergencyMachine.config as unknown as StateConfig);
  return emergencySetup.createMachine(config as never) as unknown as AnyStateMachine;
}
