import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema.two-factor.ts';
import { CONTENT_SECURITY_POLICY } from '../http/security-headers.ts';
import { createTestServer, type TestServer } from '../testing/harness.ts';
import { signedIn, twoFactorCalls } from '../two-factor/two-factor.testing.ts';
import { createDelivery, outboxChannels } from './configure.ts';
import { DeliveryFailed } from './delivery.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const keep = (
  to: string,
  text: string,
  extra: { channel?: 'email' | 'sms' | 'voice'; subject?: string } = {},
) =>
  createDelivery(server.db, server.now).deliver({
    channel: extra.channel ?? 'email',
    to,
    text,
    subject: extra.subject,
  });

describe('/dev/outbox', () => {
  it('lists kept messages newest first, recipients masked, every value escaped, under the strict CSP', async () => {
    await keep('first@example.com', 'older message');
    await keep('victim@example.com', '<script>alert(1)</script> & "quotes"', { subject: '<b>Hi</b>' });
    const response = await server.app.request('/dev/outbox');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const page = await response.text();
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(page).toContain('&lt;b&gt;Hi&lt;/b&gt;');
    expect(page).not.toContain('<script>alert');
    // No inline script or style: only the page's own style sheet.
    expect(page).not.toMatch(/<script|<style|style=/);
    expect(page).toContain('<link rel="stylesheet" href="/dev/outbox.css" />');
    expect(page).toContain('v***m@e***e.com');
    expect(page).not.toContain('victim@example.com');
    expect(page.indexOf('v***m@e***e.com')).toBeLessThan(page.indexOf('f***t@e***e.com'));

    const css = await server.app.request('/dev/outbox.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers the same as JSON, filtered by the exact full recipient with ?to=', async () => {
    const all = (await (await server.app.request('/dev/outbox.json')).json()) as {
      messages: { to: string }[];
    };
    expect(all.messages.map((message) => message.to).slice(0, 2)).toEqual([
      'v***m@e***e.com',
      'f***t@e***e.com',
    ]);
    const response = await server.app.request('/dev/outbox.json?to=first%40example.com');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { messages } = (await response.json()) as { messages: Record<string, unknown>[] };
    expect(messages).toEqual([
      {
        id: expect.any(Number),
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        channel: 'email',
        to: 'f***t@e***e.com',
        subject: null,
        text: 'older message',
      },
    ]);
    for (const to of ['First@example.com', 'first@', `${'x'.repeat(300)}@example.com`, 'a\u0000b']) {
      const filtered = await server.app.request(`/dev/outbox.json?${new URLSearchParams({ to })}`);
      expect(((await filtered.json()) as { messages: unknown[] }).messages).toEqual([]);
    }
  });

  it('is not there when the outbox is off (production), while the outbox adapter still keeps messages', async () => {
    const off = server.appWith({ twoFactor: { devOutbox: false } });
    for (const path of ['/dev/outbox', '/dev/outbox.json', '/dev/outbox.css'])
      expect((await off.request(path)).status).toBe(404);
    const { jar } = await signedIn(off, 'mfa');
    expect((await twoFactorCalls(off, jar).send('Email')).status).toBe(200);
    const kept = await server.db.select().from(outbox);
    expect(kept.some((row) => row.recipient === 'mfa@example.com')).toBe(true);
  });
});

describe('the delivery port', () => {
  // The SMS and voice providers are outside this closed network: the adapter's fetch is pointed at a
  // recorder that answers as a provider would (an address with "down" in it fails).
  const providerFetch = () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetch = async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return new Response(null, { status: url.toString().includes('down') ? 500 : 204 });
    };
    return { calls, fetch: fetch as typeof globalThis.fetch };
  };

  it('routes each channel to its adapter, the rest to the outbox; voice borrows the SMS token', async () => {
    const { calls, fetch } = providerFetch();
    const delivery = createDelivery(server.db, server.now, {
      smsProviderUrl: 'https://sms.example/send',
      smsProviderToken: 'sms-token',
      voiceProviderUrl: 'https://voice.example/call',
      fetch,
    });
    await delivery.deliver({ channel: 'sms', to: '+16505550199', text: 'hello' });
    await delivery.deliver({ channel: 'voice', to: '+16505550199', text: 'spoken' });
    expect(calls.map((call) => call.url)).toEqual(['https://sms.example/send', 'https://voice.example/call']);
    expect(calls.map((call) => (call.init.headers as Record<string, string>).authorization)).toEqual([
      'Bearer sms-token',
      'Bearer sms-token',
    ]);
    expect(JSON.parse(String(calls[1]?.init.body))).toEqual({
      to: '+16505550199',
      text: 'spoken',
      channel: 'voice',
    });
    expect(delivery.adapterOf('email')).toBe(delivery.adapterOf('email'));
    expect(outboxChannels({ smsProviderUrl: 'https://sms.example/send' })).toEqual(['email', 'voice']);
  });

  it('turns a non-2xx answer or a network error into DeliveryFailed', async () => {
    const { fetch } = providerFetch();
    const down = createDelivery(server.db, server.now, {
      smsProviderUrl: 'https://down.example/send',
      fetch,
    });
    await expect(down.deliver({ channel: 'sms', to: '+16505550199', text: 'x' })).rejects.toBeInstanceOf(
      DeliveryFailed,
    );
    const unreachable = createDelivery(server.db, server.now, {
      smsProviderUrl: 'https://sms.example/send',
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof globalThis.fetch,
    });
    await expect(
      unreachable.deliver({ channel: 'sms', to: '+16505550199', text: 'x' }),
    ).rejects.toMatchObject({
      reason: 'sms provider: TypeError',
    });
  });
});
