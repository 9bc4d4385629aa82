import type { AddressInfo } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestServer, type TestServer } from '../testing/harness.ts';
import { signedIn, statusOf, twoFactorCalls } from './two-factor.testing.ts';

/** A real SMTP server on a free port: what nodemailer talks to, message by message. */
interface Received {
  from: string;
  to: string[];
  raw: string;
}

let server: TestServer;
let smtp: SMTPServer;
let smtpPort = 0;
let closedPort = 0;
const received: Received[] = [];

beforeAll(async () => {
  server = await createTestServer({ frozenAt: new Date('2031-09-01T09:00:00Z') });
  smtp = new SMTPServer({
    authOptional: true,
    // A plain local server: no STARTTLS offered (its built-in certificate is self-signed), no AUTH.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  // A port nothing listens on: taken, then given back.
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await server.close();
});

const smtpApp = (port: number): App =>
  server.appWith({
    twoFactor: {
      delivery: { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Orvalle Sign-in <signin@orvalle.example>' },
    },
  });
/** The body of a message as sent (quoted-printable soft line breaks joined). */
const bodyOf = (message: Received | undefined) => (message?.raw ?? '').replaceAll('=\r\n', '');

describe('the SMTP adapter (SMTP_URL)', () => {
  it('delivers the code to a real SMTP server, from MAIL_FROM, and the code verifies', async () => {
    const app = smtpApp(smtpPort);
    const { jar } = await signedIn(app, 'mfa');
    const calls = twoFactorCalls(app, jar);
    expect(await statusOf(await calls.send('Email'))).toMatchObject({
      http: 200,
      data: { masked: 'm***a@e***e.com' },
    });
    const [message] = received;
    expect(message?.from).toBe('signin@orvalle.example');
    expect(message?.to).toEqual(['mfa@example.com']);
    expect(message?.raw).toMatch(/^Subject: Your Orvalle Connect security code\r$/m);
    const code = /security code is (\d{6})\. It expires in 10 minutes\./.exec(bodyOf(message))?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    // Sent by SMTP, not kept: the outbox has nothing for the address.
    const outbox = (await (await app.request('/dev/outbox.json?to=mfa@example.com')).json()) as {
      messages: unknown[];
    };
    expect(outbox.messages).toEqual([]);
    expect((await calls.verify('Email', code)).status).toBe(200);
  });

  it('a refused connection: 502/101 with a clear message, the earlier code still works, sending again works at once', async () => {
    const working = smtpApp(smtpPort);
    const broken = smtpApp(closedPort);
    const { jar } = await signedIn(working, 'nocall');
    expect((await twoFactorCalls(working, jar).send('Email')).status).toBe(200);
    const earlier = /security code is (\d{6})/.exec(bodyOf(received.at(-1)))?.[1] ?? '';

    server.advance(30_000);
    const failed = await statusOf(await twoFactorCalls(broken, jar).send('Email'));
    expect(failed).toMatchObject({ http: 502, code: 101 });
    expect(failed.backendMessage).toBe(
      'The security code could not be sent. Try again, or choose another way to receive it.',
    );
    expect(server.logs).toContain('two-factor: a code by Email could not be sent (smtp: Error (ESOCKET))');
    expect(server.logs.join('\n')).not.toContain('nocall@example.com');

    expect((await twoFactorCalls(working, jar).verify('Email', earlier)).status).toBe(200);
    // The failure started no countdown: a new send goes through at once.
    expect((await twoFactorCalls(working, jar).send('Email')).status).toBe(200);
  });
});
