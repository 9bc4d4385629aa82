import { jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../db/purge.ts';
import { signingKeys } from '../db/schema.ts';
import { createTestServer, type TestServer } from '../testing/harness.ts';
import {
  KEY_PUBLISH_LEAD_MS,
  KEY_RETIRE_AFTER_MS,
  KEY_RING_REFRESH_MS,
  loadSigningKeys,
  rotateSigningKey,
  SIGNING_ALG,
  SIGNING_ALGS,
  type SigningKeys,
} from './signing-keys.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** A token as a process signs one, with its current key. */
async function signWith(keys: SigningKeys) {
  const { kid, privateKey } = await keys.signer();
  const token = await new SignJWT({}).setProtectedHeader({ alg: SIGNING_ALG, kid }).sign(privateKey);
  return { kid, token };
}

describe('signing keys shared by every process (docs/deployment.md "Signing keys")', () => {
  // First: the rotation below moves the ring's signing times past the real clock.
  it('holds an ES256 and an RS256 key, each signing with its own algorithm', async () => {
    const keys = await loadSigningKeys(server.db, server.kek);
    for (const alg of SIGNING_ALGS) {
      const { kid, privateKey } = await keys.signer(alg);
      const token = await new SignJWT({}).setProtectedHeader({ alg, kid }).sign(privateKey);
      const { protectedHeader } = await jwtVerify(token, keys.verificationKeys);
      expect(protectedHeader.alg).toBe(alg);
      const published = (await keys.jwks()).keys.find((key) => key.kid === kid);
      expect(published).toMatchObject({ alg, use: 'sig' });
      expect(published).not.toHaveProperty('d');
    }
  });

  it('rotation: published at once, signing after the lead, accepted everywhere, retired once its tokens expired', async () => {
    let now = Date.now();
    const clock = () => now;
    // Two processes over one database, each with its own ring.
    const first = await loadSigningKeys(server.db, server.kek, clock);
    const second = await loadSigningKeys(server.db, server.kek, clock);
    const before = await signWith(first);
    expect((await signWith(second)).kid).toBe(before.kid);

    const rotated = await rotateSigningKey(server.db, server.kek, new Date(now));
    now += KEY_RING_REFRESH_MS + 1;
    const published = (await first.jwks()).keys.map((key) => key.kid);
    expect(published).toEqual(expect.arrayContaining([before.kid, rotated.kid]));
    // Published, but not signing yet: verifiers must have fetched it first.
    expect((await signWith(first)).kid).toBe(before.kid);

    now = rotated.signsFrom.getTime() + 1;
    const after = await signWith(first);
    expect(after.kid).toBe(rotated.kid);
    // Both keys verify, at either process.
    for (const keys of [first, second])
      for (const { token } of [before, after])
        await expect(jwtVerify(token, keys.verificationKeys)).resolves.toBeTruthy();

    now = rotated.retireAt.getTime() + 1;
    const third = await loadSigningKeys(server.db, server.kek, clock);
    // Every algorithm rotated together: only the new ES256 and RS256 keys are left.
    expect((await third.jwks()).keys.map((key) => key.kid).sort()).toEqual([...rotated.kids].sort());
    await expect(jwtVerify(before.token, third.verificationKeys)).rejects.toThrow();
    await purgeExpired(server.db, new Date(now));
    const left = await server.db.select({ kid: signingKeys.kid }).from(signingKeys);
    expect(left.map((row) => row.kid).sort()).toEqual([...rotated.kids].sort());
    expect(KEY_PUBLISH_LEAD_MS).toBeGreaterThan(KEY_RING_REFRESH_MS + 300_000);
    expect(KEY_RETIRE_AFTER_MS).toBeGreaterThanOrEqual(3_600_000);
  });

  it('a token naming a key this process has not read yet makes it re-read the ring at once', async () => {
    const now = Date.now();
    const stale = await loadSigningKeys(server.db, server.kek, () => now);
    const rotated = await rotateSigningKey(server.db, server.kek, new Date(now - KEY_PUBLISH_LEAD_MS - 1));
    const fresh = await loadSigningKeys(server.db, server.kek, () => now);
    const signed = await signWith(fresh);
    expect(signed.kid).toBe(rotated.kid);
    // `stale` read the ring before the rotation and its refresh interval has not passed.
    await expect(jwtVerify(signed.token, stale.verificationKeys)).resolves.toBeTruthy();
  });
});
