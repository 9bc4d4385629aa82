import { verify } from '@node-rs/argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  hashPassword,
  lowerPasswordHashCostForTests,
  PASSWORD_HASH_COST,
  verifyPassword,
} from './password.ts';

describe('password hashing', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('hashes at the OWASP cost in production (19 MiB, 2 passes, 1 lane)', () => {
    expect(PASSWORD_HASH_COST).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  it('refuses the test cost under NODE_ENV=production', () => {
    vi.stubEnv('NODE_ENV', 'production');
    expect(() => lowerPasswordHashCostForTests()).toThrow(/refused in production/);
  });

  it('verifies a hash by the cost written in it, so production-cost hashes still verify here', async () => {
    const cheap = await hashPassword('Violet-Harbor-47');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    const production = await import('@node-rs/argon2').then(({ hash }) =>
      hash('Violet-Harbor-47', { algorithm: 2, ...PASSWORD_HASH_COST }),
    );
    expect(await verify(production, 'Violet-Harbor-47')).toBe(true);
    expect(await verifyPassword(production, 'Violet-Harbor-47')).toBe(true);
    expect(await verifyPassword(production, 'Violet-Harbor-48')).toBe(false);
    expect(await verifyPassword(undefined, 'Violet-Harbor-47')).toBe(false);
  });
});
