import type { CatalogueEntry, CatalogueLookup, ErrorMessageId, MessageLinkKind } from './catalogueTypes.ts';

/**
 * What a failure becomes on screen: a message id with its values and links, or a page of its own. A
 * leaf module: the machine's error entry points (errors.ts), the message lookups' chunk
 * (errorMessages.ts) and the flows' types all import it, and it imports none of them.
 */

export interface MessageLink {
  readonly kind: MessageLinkKind;
}

export interface UiMessage {
  id: ErrorMessageId;
  values?: Record<string, string>;
  /** Where the message may send the user; the view resolves each to a brand URL or leaves it out. */
  links?: readonly MessageLink[];
  /** Spec §8: shown in brackets after the text when a platform session exists. */
  sessionId?: string;
}

/** What the machine passes so the wording fits the screen, device, app and brand (all optional). */
export interface MessageLookup extends CatalogueLookup {
  /** Brand config `platformSession` (spec §3): only then is the session id shown. */
  readonly platformSession?: boolean | undefined;
  readonly sessionId?: string | undefined;
}

/** A sign-in failure: a message on the current screen, in the toast bar, or a page of its own. */
export type SignInFailure =
  | { kind: 'field'; message: UiMessage }
  | { kind: 'toast'; message: UiMessage }
  | { kind: 'page'; code: string };

/** Turns a catalogue entry into what the view renders, adding the session id when one applies. */
export function toUiMessage(
  entry: Pick<CatalogueEntry, 'id' | 'links'>,
  lookup: MessageLookup,
  values?: Record<string, string>,
): UiMessage {
  return {
    id: entry.id,
    ...(values ? { values } : {}),
    ...(entry.links?.length ? { links: entry.links.map((kind) => ({ kind })) } : {}),
    ...(lookup.platformSession && lookup.sessionId ? { sessionId: lookup.sessionId } : {}),
  };
}
