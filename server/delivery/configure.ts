import type { Database } from '../db/client.ts';
import { DEFAULT_MAIL_FROM, type Delivery, type DeliveryChannel, routeDelivery } from './delivery.ts';
import { httpProviderDelivery } from './http-provider.ts';
import { outboxDelivery } from './outbox.ts';
import { smtpDelivery } from './smtp.ts';

/** The adapters the environment configures (server/env.ts); every one is optional. */
export interface DeliveryConfig {
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
  smsProviderUrl?: string | undefined;
  smsProviderToken?: string | undefined;
  voiceProviderUrl?: string | undefined;
  /** Defaults to smsProviderToken: many providers carry both channels. */
  voiceProviderToken?: string | undefined;
  /** Tests inject it for the HTTP providers. */
  fetch?: typeof fetch;
}

export function createDelivery(db: Database, now: () => Date, config: DeliveryConfig = {}) {
  const adapters: Partial<Record<DeliveryChannel, Delivery>> = {};
  if (config.smtpUrl)
    adapters.email = smtpDelivery({ url: config.smtpUrl, from: config.mailFrom ?? DEFAULT_MAIL_FROM });
  if (config.smsProviderUrl)
    adapters.sms = httpProviderDelivery({
      url: config.smsProviderUrl,
      token: config.smsProviderToken,
      ...(config.fetch ? { fetch: config.fetch } : {}),
    });
  if (config.voiceProviderUrl)
    adapters.voice = httpProviderDelivery({
      url: config.voiceProviderUrl,
      token: config.voiceProviderToken ?? config.smsProviderToken,
      ...(config.fetch ? { fetch: config.fetch } : {}),
    });
  return routeDelivery(adapters, outboxDelivery(db, now));
}

/** The channels whose messages go to the outbox (start-up says so, in production a warning). */
export function outboxChannels(config: DeliveryConfig): DeliveryChannel[] {
  const configured: Record<DeliveryChannel, boolean> = {
    email: Boolean(config.smtpUrl),
    sms: Boolean(config.smsProviderUrl),
    voice: Boolean(config.voiceProviderUrl),
  };
  return (Object.keys(configured) as DeliveryChannel[]).filter((channel) => !configured[channel]);
}
