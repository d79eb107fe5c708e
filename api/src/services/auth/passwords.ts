import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES } from '@coinsight/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';
import { AppError } from '../errors.js';

// OWASP's argon2id floor: 19 MiB, two passes, one lane.
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** True for a hash made with weaker settings than today's: it is replaced at the next login. */
export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, HASH_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification when the account does not exist, so the answer's
 * timing does not tell who has an account.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}

// The most common passwords (zxcvbn's list), compared case-insensitively: "Password1" passes the
// spec's character rules and is still the first thing an attacker tries.
const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return COMMON.has(lower) || COMMON.has(lower.replace(/\d+$/, '')) || COMMON.has(lower.replace(/[!@#$%^&*.]+$/, ''));
}

/** The spec's rules are checked by the schema; this one needs the list, so it runs on the server. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.passwordTooCommon);
}
