import type { AccountTokenKind } from '../db/schema.account.ts';
import type { DeliveryMessage } from '../delivery/delivery.ts';
import { type ServerMessageId, serverText } from '../i18n/server-text.ts';

interface EmailParts {
  to: string;
  link: string;
  code: string | undefined;
  brandName: string;
  ttlMs: number;
  /** The locale the request carried (i18n/locales.ts chose it for the page). */
  localeId: string;
}

const TEXTS: Record<AccountTokenKind, { subject: ServerMessageId; action: ServerMessageId }> = {
  reset: { subject: 'delivery.reset.subject', action: 'delivery.reset.action' },
  setup: { subject: 'delivery.setup.subject', action: 'delivery.setup.action' },
  express: { subject: 'delivery.express.subject', action: 'delivery.express.action' },
  confirm: { subject: 'delivery.confirm.subject', action: 'delivery.confirm.action' },
  activation: { subject: 'delivery.activation.subject', action: 'delivery.activation.action' },
};

/**
 * The account emails, in the user's language (subject and body): each says how long the link works and
 * that it works once, and what to do when the email was not asked for.
 */
export function emailFor(
  kind: AccountTokenKind,
  { to, link, code, brandName, ttlMs, localeId }: EmailParts,
): DeliveryMessage {
  const { t } = serverText(localeId);
  const minutes = Math.max(1, Math.round(ttlMs / 60_000));
  const expires =
    minutes % 60 === 0
      ? t('delivery.link.expiresInHours', { hours: minutes / 60 })
      : t('delivery.link.expiresInMinutes', { minutes });
  const { subject, action } = TEXTS[kind];
  return {
    channel: 'email',
    to,
    subject: t(subject, { brandName }),
    text: `${t(action, { link, code: code ?? '' })}\n\n${expires} ${t('delivery.notYou')}`,
  };
}
