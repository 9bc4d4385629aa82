import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { SignInContext, SignInInput } from '../../machines/signIn.setup.ts';

const storedAda = {
  credential: { kind: 'email', loginEmail: 'ada@example.com', loginId: 'ada@example.com' },
  credentialText: 'ada@example.com',
  authenticated: true,
} as const;

/** Start-up inputs: a fresh tab, a reload on the password page, a reload on the consent page. */
export const modelInputs: SignInInput[] = [
  { search: '', hash: '', stored: {} },
  { search: '', hash: '#/enterPassword/email/ada%40example.com', stored: storedAda },
  { search: '', hash: '#/consent', stored: storedAda },
];

/**
 * What makes two model states different for the traversal: the active states plus the parts of
 * the context that guards read (display-only fields such as the error shown are left out). The incoming transition is part of the key, so the shortest paths
 * take every edge, not just reach every node.
 */
export function serializeModelState(
  snapshot: AnyMachineSnapshot,
  event?: EventObject,
  previous?: AnyMachineSnapshot,
): string {
  const digest = (s: AnyMachineSnapshot) => {
    const context = s.context as SignInContext;
    return JSON.stringify([
      s.value,
      context.params?.ui_options.join(),
      context.params?.force,
      context.params?.appUrlScheme,
      context.brandConfig?.brandId,
      context.credential !== undefined,
      context.authenticated,
      context.appRedirect !== undefined,
      context.backStack.length > 0,
    ]);
  };
  const via = event && previous ? ` via ${JSON.stringify(event)} from ${digest(previous)}` : '';
  return `${digest(snapshot)}${via}`;
}
