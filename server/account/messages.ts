import type { AccountTokenKind } from '../db/schema.account.ts';
import type { DeliveryMessage } from '../delivery/delivery.ts';

const inWords = (ms: number) => {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

interface EmailParts {
  to: string;
  link: string;
  code: string | undefined;
  brandName: string;
  ttlMs: number;
}

/**
 * The emails, in English for now (the locale is accepted for when they are translated, as for
 * two-factor codes). Each says how long the link works and that it works once, and what to do when
 * the email was not asked for.
 */
export function emailFor(
  kind: AccountTokenKind,
  { to, link, code, brandName, ttlMs }: EmailParts,
): DeliveryMessage {
  const expires = `The link works once and expires in ${inWords(ttlMs)}.`;
  const notYou = 'If you did not ask for this, you can ignore this email.';
  const texts: Record<AccountTokenKind, [string, string]> = {
    reset: [`Reset your ${brandName} password`, `To choose a new password, open ${link}`],
    setup: [`Set up your ${brandName} password`, `To set your password, open ${link}`],
    express: [`Sign in to ${brandName}`, `To sign in, open ${link}`],
    confirm: [`Confirm your ${brandName} email address`, `To confirm this address, open ${link}`],
    activation: [
      `Activate your ${brandName} account`,
      `Your activation code is ${code ?? ''}. Or open ${link}`,
    ],
  };
  const [subject, body] = texts[kind];
  return { channel: 'email', to, subject, text: `${body}\n\n${expires} ${notYou}` };
}
