import { asDeliveryFailure, type Delivery, DeliveryFailed } from './delivery.ts';

export interface SmtpOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`: nodemailer's URL form. */
  url: string;
  /** MAIL_FROM, e.g. `Foyer <no-reply@localhost>`. */
  from: string;
}

/**
 * Nodemailer's defaults wait two minutes for a connection and ten for a reply; a user waiting for a
 * code would see the request time out first. A mail server that has not answered in seconds is down.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * Email over SMTP (SMTP_URL). Nodemailer is loaded on first use only: most starts send no mail, and it
 * is a few hundred KB of code. One transport is kept; it opens a connection per message.
 */
export function smtpDelivery(options: SmtpOptions): Delivery {
  let transport: Promise<{ sendMail(mail: object): Promise<{ rejected?: unknown[] }> }> | undefined;
  const transportOnce = () => {
    // Nodemailer reads the URL itself (host, port, auth, smtps:, and options in its query string).
    transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({ url: options.url, ...TIMEOUTS }),
    );
    return transport;
  };
  return {
    async deliver(message) {
      if (message.channel !== 'email') throw new DeliveryFailed(`smtp: cannot carry ${message.channel}`);
      const sent = await asDeliveryFailure('smtp', async () =>
        (await transportOnce()).sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject ?? '',
          text: message.text,
        }),
      );
      if ((sent.rejected?.length ?? 0) > 0) throw new DeliveryFailed('smtp: recipient rejected');
    },
  };
}
