import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { timedPasswordVerify } from '../observability/metrics.ts';
import { inSpan } from '../observability/tracing.ts';
import { randomToken } from '../security/tokens.ts';

// Algorithm is a const enum, which verbatimModuleSyntax cannot read at runtime; 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm;

/** OWASP Password Storage Cheat Sheet, argon2id option 2: 19 MiB, 2 passes, 1 lane. */
export const PASSWORD_HASH_COST = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
/** What the in-process test suites hash new passwords with (test/setup/server.ts): argon2id's minimum. */
export const TEST_PASSWORD_HASH_COST = { memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

let hashCost: { memoryCost: number; timeCost: number; parallelism: number } = PASSWORD_HASH_COST;

/**
 * The in-process server tests hash hundreds of new passwords (changes, resets, history checks): at
 * the production cost each is 30–60 ms of a core, and on a slow machine such a test outgrew its
 * timeout. Verifying reads the cost from the stored hash, so seeded accounts (hashed at the
 * production cost in the database image) are verified as in production. Refused under
 * NODE_ENV=production, so no deployment can weaken its hashes.
 */
export function lowerPasswordHashCostForTests(): void {
  if (process.env.NODE_ENV === 'production')
    throw new Error('The test password hash cost is refused in production');
  hashCost = TEST_PASSWORD_HASH_COST;
}

/** Hashes a new password; `cost` only for the seed, whose accounts keep the production cost everywhere. */
export function hashPassword(password: string, cost = hashCost): Promise<string> {
  return inSpan('argon2id hash', () => hash(password, { algorithm: ARGON2ID, ...cost }));
}

// Verified against when the username is unknown, so "no such user" costs as long as "wrong password".
let dummyHash: Promise<string> | undefined;

/** Verifies the password, spending the same work when there is no user to verify against. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomToken());
  const against = passwordHash ?? (await dummyHash);
  const matches = await inSpan('argon2id verify', () => timedPasswordVerify(verify(against, password)));
  return passwordHash !== undefined && matches;
}
