/**
 * The delivery port (docs/two-factor.md): how the server sends a message to a person — an email, a
 * text message, or the words of a voice call. Adapters: the outbox (a database table, the embedded
 * default), SMTP, and an HTTP provider for SMS and voice. Callers never learn which one carried it.
 */
import { inSpan } from '../observability/tracing.ts';

export type DeliveryChannel = 'email' | 'sms' | 'voice';

/** MAIL_FROM's default. */
export const DEFAULT_MAIL_FROM = 'Foyer <no-reply@localhost>';

export interface DeliveryMessage {
  channel: DeliveryChannel;
  /** An email address, or an E.164 number for sms and voice. */
  to: string;
  /** Email only. */
  subject?: string | undefined;
  /** The body; for voice, the words the call speaks. */
  text: string;
}

export interface Delivery {
  /** Resolves once the adapter accepted the message; rejects with DeliveryFailed otherwise. */
  deliver(message: DeliveryMessage): Promise<void>;
}

/**
 * A message an adapter could not hand over (SMTP refused, provider answered 5xx, timeout). `reason` is
 * for the log: it names the adapter and the failure, never the recipient or the text.
 */
export class DeliveryFailed extends Error {
  readonly reason: string;

  constructor(reason: string) {
    super('The message could not be sent');
    this.name = 'DeliveryFailed';
    this.reason = reason;
  }
}

/** Which adapter carries each channel; a channel without one goes to the fallback (the outbox). */
export function routeDelivery(
  adapters: Partial<Record<DeliveryChannel, Delivery>>,
  fallback: Delivery,
): Delivery & { adapterOf(channel: DeliveryChannel): Delivery } {
  const adapterOf = (channel: DeliveryChannel) => adapters[channel] ?? fallback;
  return {
    adapterOf,
    // A span per message: the channel and whether a configured adapter or the outbox took it, never the
    // recipient or the text.
    deliver: (message) =>
      inSpan('delivery send', () => adapterOf(message.channel).deliver(message), {
        attributes: {
          'foyer.delivery.channel': message.channel,
          'foyer.delivery.adapter': adapters[message.channel] ? 'configured' : 'outbox',
        },
      }),
  };
}

/** Turns any adapter error into DeliveryFailed, with a reason safe to log. */
export async function asDeliveryFailure<T>(adapter: string, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof DeliveryFailed) throw error;
    // The error's name and code only: messages may quote the recipient or the server's reply.
    const code = (error as { code?: unknown }).code;
    const name = error instanceof Error ? error.name : typeof error;
    throw new DeliveryFailed(`${adapter}: ${name}${typeof code === 'string' ? ` (${code})` : ''}`);
  }
}
