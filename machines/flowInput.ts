import type { MessageLookup } from './uiMessage.ts';

/** What the sign-in machine hands every joined flow (machines/states/joinFlow.ts, `flowInputOf`). */
export interface FlowInput {
  clientId: string;
  brandId: string;
  /** The signed-in session the flow acts on (its public id), when there is one. */
  sessionId: string | undefined;
  localeId: string;
  /** How the sign-in machine words messages (brand, display, session id); a flow may set the scenario. */
  lookup: MessageLookup;
}
