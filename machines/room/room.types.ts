import type { VerifiedUserCode } from '../../api/contract/device.ts';
import type { RoomNotActivatedReason, Route } from '../routeTypes.ts';
import type { MessageLookup, UiMessage } from '../uiMessage.ts';

/**
 * Room activation (docs/room-activation.md, "Page (SPA)"): a meeting room signs in with the OAuth 2.0
 * device authorization grant (RFC 8628). The room shows a code; this flow takes it, checks it with the
 * server and sends the person to sign in and approve the room; the server's callback brings them back
 * to say whether the room is signed in. The sign-in machine invokes it at start-up, when the address
 * names one of its pages (machines/roomRoutes.ts, `roomEntryOf`).
 */

export type { RoomNotActivatedReason } from '../routeTypes.ts';

export type RoomEntry =
  /** /roomActivation, or /roomActivation/{code} from the /device link (the code prefills the field). */
  | { kind: 'enterCode'; userCode?: string | undefined }
  /** The callback after the person approved: the room is signed in. */
  | { kind: 'activated' }
  | { kind: 'notActivated'; reason: RoomNotActivatedReason };

export interface RoomInput {
  clientId: string;
  brandId: string;
  localeId: string;
  lookup: MessageLookup;
  entry: RoomEntry;
}

/** Only a failure the root shows as an error page; the flow otherwise ends by navigating away or staying on its last page. */
export type RoomOutput = { outcome: 'failed'; error: unknown };

export interface RoomContext extends RoomInput {
  /** The code as typed, shown as XXXX-XXXX once it has more than four letters. */
  code: string;
  /** The field's message: the page's own checks, or the server's refusal. */
  fieldError: UiMessage | undefined;
  /** The server's answer for the code: the room app's name and where its sign-in starts. */
  verified: VerifiedUserCode | undefined;
  /** The callback said the room is signed in (this page then says so). */
  activated: boolean;
  /** The callback said the room is not signed in, and why. */
  notActivatedReason: RoomNotActivatedReason | undefined;
  /** What ended the flow on the root's error page. */
  pageError: unknown;
}

export type RoomEvent =
  | { type: 'user.changeCode'; value: string }
  | { type: 'user.submit' }
  /** The not-activated page: start again with a new code from the room. */
  | { type: 'user.enterNewCode' }
  /** The browser showed this page again from its back-forward cache, after it had left for the sign-in. */
  | { type: 'page.restored' }
  | { type: 'route.changed'; route: Route };

export type RoomTag =
  | 'busy'
  /** Leaving for the sign-in (/oauth/authorize): no page of its own, and the address stays. */
  | 'leaving'
  | 'screen.roomActivation'
  | 'screen.roomActivated'
  | 'screen.roomNotActivated';
