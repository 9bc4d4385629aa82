import type { RetiredApp, TermsOfService } from '../../api/contract/notices.ts';
import type { Route } from '../routeTypes.ts';
import type { MessageLookup, UiMessage } from '../uiMessage.ts';

/**
 * The notices flow (docs/notices.md): the FedRAMP notice (spec §4 720), the terms of service the account
 * must accept (ours, 730) and the retired-app notice (ours, 216). The sign-in machine invokes it as
 * `showNotice` and tells it which notice to show; each notice is one page.
 */
export type NoticeKind = 'fedramp' | 'terms' | 'retiredApp';

export interface NoticesInput {
  clientId: string;
  brandId: string;
  sessionId?: string | undefined;
  localeId: string;
  lookup: MessageLookup;
  entry: { kind: NoticeKind };
}

export type NoticesOutput =
  /** fedramp: the root sets fedrampNotificationCompleted and asks for the code again; terms: asks again. */
  | { outcome: 'accepted'; notice: 'fedramp' | 'terms' }
  /** The root redirects to the app with access_denied. */
  | { outcome: 'declined'; notice: 'fedramp' | 'terms' }
  /** A 221/222/227 from one of the flow's calls. */
  | { outcome: 'sessionExpired' }
  /** The root shows the error page. */
  | { outcome: 'failed'; error: unknown };

export interface NoticesContext extends NoticesInput {
  /** The terms the account must accept (GET /api/terms), once loaded. */
  terms: TermsOfService | undefined;
  /** The page's required checkbox: "I have read and accept the terms". */
  termsAgreed: boolean;
  /** Accept was pressed with the box unticked: the page says so at the box and moves the focus there. */
  agreementMissing: boolean;
  /** 731: the terms changed while the user read them; the page loaded them again and says so. */
  termsChanged: boolean;
  /** The retired client and its replacement (GET /api/config/retired-app), once loaded. */
  retiredApp: RetiredApp | undefined;
  /** A refused or failed call the page words (the catalogue's message: network, 429 with its ray id …). */
  formError: UiMessage | undefined;
  /** What ended the flow on the sign-in machine's error page. */
  pageError: unknown;
}

export type NoticesEvent =
  | { type: 'user.accept' }
  | { type: 'user.decline' }
  /** The terms page's checkbox was ticked or unticked. */
  | { type: 'user.changeAgreement'; agreed: boolean }
  | { type: 'user.retry' }
  /** Forwarded by the sign-in machine; each notice is a single page, so none moves the flow. */
  | { type: 'route.changed'; route: Route };

export type NoticesTag =
  | 'busy'
  | 'loading'
  | 'screen.fedrampNotice'
  | 'screen.termsOfService'
  | 'screen.retiredApp';
