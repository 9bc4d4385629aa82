import { tracedHttpCall } from '../observability/tracing.ts';
import { asDeliveryFailure, type Delivery, DeliveryFailed } from './delivery.ts';

export interface HttpProviderOptions {
  /** SMS_PROVIDER_URL or VOICE_PROVIDER_URL. */
  url: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token?: string | undefined;
  /** Injected by tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

/** A provider that has not answered in this long is treated as down; the user can try again. */
const TIMEOUT_MS = 10_000;

/**
 * SMS and voice through an HTTP provider (docs/two-factor.md has the shape): a POST of JSON
 * `{ to, text, channel }`, any 2xx means accepted. Most SMS and voice gateways, or a small bridge in
 * front of one, take a request like this.
 */
export function httpProviderDelivery(options: HttpProviderOptions): Delivery {
  const send = options.fetch ?? fetch;
  return {
    async deliver(message) {
      const response = await asDeliveryFailure(`${message.channel} provider`, () =>
        tracedHttpCall('POST', options.url, (traceHeaders) =>
          send(options.url, {
            method: 'POST',
            headers: {
              ...traceHeaders,
              'content-type': 'application/json',
              ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
            },
            body: JSON.stringify({ to: message.to, text: message.text, channel: message.channel }),
            signal: AbortSignal.timeout(TIMEOUT_MS),
            redirect: 'error',
          }),
        ),
      );
      // The body is not read for its content, only drained so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new DeliveryFailed(`${message.channel} provider: HTTP ${response.status}`);
    },
  };
}
