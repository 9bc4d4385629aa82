import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { timedPasswordVerify } from '../observability/metrics.ts';
import { inSpan } from '../observability/tracing.ts';
import { randomToken } from '../security/tokens.ts';

// Algorithm is a const enum, which verbatimModuleSyntax cannot read at runtime; 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm;

/** OWASP Password Storage Cheat Sheet, argon2id option 2: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return inSpan('argon2id hash', () => hash(password, ARGON2_OPTIONS));
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
