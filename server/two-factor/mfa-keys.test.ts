import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { TOTP_DEMO_SECRET } from '../db/seed-data.ts';
import { readEnv, twoFactorFrom } from '../env.ts';
import { startServer } from '../start.ts';
import { builtImageOption } from '../testing/built-image.ts';
import { decryptSecret, deriveMfaKeys, encryptSecret, loadMasterKey, MFA_KEY_FILE } from './mfa-keys.ts';
import { totpCode } from './two-factor.testing.ts';

const work = mkdtempSync(join(tmpdir(), 'foyer-mfa-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the two-factor master key', () => {
  it('is made once in the data folder, readable by its owner only, and read back after that', async () => {
    const dataDir = join(work, 'fresh');
    const first = await loadMasterKey({ dataDir });
    const file = join(dataDir, MFA_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toEqual(first);
    expect(await loadMasterKey({ dataDir })).toEqual(first);
  });

  it('comes from MFA_ENCRYPTION_KEY when set, and a damaged key file stops the start', async () => {
    const key = Buffer.alloc(32, 3);
    expect(await loadMasterKey({ envKey: key.toString('base64'), dataDir: 'memory' })).toEqual(key);
    await expect(loadMasterKey({ envKey: 'c2hvcnQ=', dataDir: 'memory' })).rejects.toThrow(/32 bytes/);
    const damaged = join(work, 'damaged');
    await loadMasterKey({ dataDir: damaged });
    writeFileSync(join(damaged, MFA_KEY_FILE), 'not a key');
    await expect(loadMasterKey({ dataDir: damaged })).rejects.toThrow(/does not hold base64 of 32 bytes/);
  });

  it('derives separate keys; AES-GCM secrets decrypt only with their key and their user', () => {
    const keys = deriveMfaKeys(Buffer.alloc(32, 1));
    expect(new Set([keys.totpSecret, keys.trustedDevice, keys.codePepper, keys.audit].map(String)).size).toBe(
      4,
    );
    const stored = encryptSecret(keys.totpSecret, TOTP_DEMO_SECRET, 'totp:7');
    expect(stored).not.toContain(TOTP_DEMO_SECRET);
    expect(encryptSecret(keys.totpSecret, TOTP_DEMO_SECRET, 'totp:7')).not.toBe(stored);
    expect(decryptSecret(keys.totpSecret, stored, 'totp:7')).toBe(TOTP_DEMO_SECRET);
    expect(decryptSecret(keys.totpSecret, stored, 'totp:8')).toBeUndefined();
    expect(decryptSecret(deriveMfaKeys(Buffer.alloc(32, 2)).totpSecret, stored, 'totp:7')).toBeUndefined();
    const [version, iv, body, tag] = stored.split('.');
    const flipped = `${body?.[0] === 'A' ? 'B' : 'A'}${body?.slice(1)}`;
    expect(decryptSecret(keys.totpSecret, [version, iv, flipped, tag].join('.'), 'totp:7')).toBeUndefined();
  });
});

describe('two-factor environment', () => {
  it('keeps the outbox page on except under NODE_ENV=production, where DEV_OUTBOX=on brings it back', () => {
    expect(twoFactorFrom(readEnv({})).devOutbox).toBe(true);
    const key = Buffer.alloc(32, 9).toString('base64');
    // What production requires besides (server/env.ts): the keys and an https origin.
    const production = {
      NODE_ENV: 'production',
      MFA_ENCRYPTION_KEY: key,
      KEY_ENCRYPTION_KEY: `kek1:${key}`,
      PUBLIC_ORIGIN: 'https://foyer.example',
    };
    expect(twoFactorFrom(readEnv(production)).devOutbox).toBe(false);
    expect(twoFactorFrom(readEnv({ ...production, DEV_OUTBOX: 'on' })).devOutbox).toBe(true);
    expect(twoFactorFrom(readEnv({ DEV_OUTBOX: 'off' })).devOutbox).toBe(false);
    expect(
      twoFactorFrom(
        readEnv({
          TRUSTED_DEVICE_DAYS: '0',
          MFA_RESEND_SECONDS: '45',
          MFA_CODE_TTL_SECONDS: '300',
          MFA_ENCRYPTION_KEY: key,
          SMTP_URL: 'smtps://user:pass@mail.example:465',
          SMS_PROVIDER_URL: 'https://sms.example/send',
          SMS_PROVIDER_TOKEN: 't',
        }),
      ),
    ).toMatchObject({
      settings: { trustedDeviceDays: 0, resendAfterSeconds: 45, codeTtlSeconds: 300 },
      delivery: {
        smtpUrl: 'smtps://user:pass@mail.example:465',
        mailFrom: 'Foyer <no-reply@localhost>',
        smsProviderUrl: 'https://sms.example/send',
        smsProviderToken: 't',
      },
      encryptionKey: key,
    });
  });

  it.each([
    [
      { MFA_ENCRYPTION_KEY: 'c2VjcmV0LWJ1dC1zaG9ydA==' },
      'MFA_ENCRYPTION_KEY: must be base64 of exactly 32 bytes',
    ],
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL'],
    [{ SMS_PROVIDER_URL: 'ftp://sms.example' }, 'SMS_PROVIDER_URL'],
    [{ TRUSTED_DEVICE_DAYS: '-1' }, 'TRUSTED_DEVICE_DAYS'],
    [{ MFA_CODE_TTL_SECONDS: '5' }, 'MFA_CODE_TTL_SECONDS'],
    [{ DEV_OUTBOX: 'yes' }, 'DEV_OUTBOX'],
    [{ RATE_LIMIT_TWO_FACTOR_PER_IP: '0' }, 'RATE_LIMIT_TWO_FACTOR_PER_IP'],
  ])('exits with a clear message for %j, never echoing the value', (env, mention) => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => {
      throw new Error('exit');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => readEnv(env)).toThrow('exit');
    const message = String(error.mock.calls[0]?.[0]);
    expect(message).toContain(mention);
    for (const value of Object.values(env)) if (value.length > 8) expect(message).not.toContain(value);
    exit.mockRestore();
    error.mockRestore();
  });
});

describe('across a restart (startServer on one data folder)', () => {
  it('keeps the key, so the demo authenticator verifies, and keeps the wrong-code lock', async () => {
    const dataDir = join(work, 'restart');
    const post = (origin: string, path: string, body: object, cookie = '') =>
      fetch(`${origin}${path}?clientId=demo-app`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ clientId: 'demo-app', ...body }),
      });
    const signIn = async (origin: string, username: string) => {
      const login = await post(origin, '/api/login', { username, password: 'Violet-Harbor-47' });
      return (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    };
    const verify = async (origin: string, cookie: string, code: string) =>
      (
        (await (
          await post(origin, '/api/two-factor/verify-code', { contactBy: 'APP', code }, cookie)
        ).json()) as {
          status: { code: number };
        }
      ).status.code;

    const first = await startServer({
      port: 0,
      dataDir,
      quiet: true,
      distDir: dataDir,
      ...builtImageOption(),
    });
    const key = readFileSync(join(dataDir, MFA_KEY_FILE), 'utf8');
    const locked = await signIn(first.origin, 'nocall@example.com');
    for (let attempt = 0; attempt < 5; attempt += 1) await verify(first.origin, locked, '000000');
    await first.close();

    const second = await startServer({ port: 0, dataDir, quiet: true, distDir: dataDir });
    expect(readFileSync(join(dataDir, MFA_KEY_FILE), 'utf8')).toBe(key);
    const totp = await signIn(second.origin, 'totp@example.com');
    expect(await verify(second.origin, totp, totpCode(TOTP_DEMO_SECRET, new Date()))).toBe(0);
    expect(await verify(second.origin, await signIn(second.origin, 'nocall@example.com'), '000000')).toBe(
      326,
    );
    await second.close();
  }, 60_000);
});
