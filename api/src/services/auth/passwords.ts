import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES } from '@coinsight/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';
import { AppError } from '../errors.js';

// OWASP's argon2id floor: 19 MiB, two passes, one lane.
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Each argon2 call takes 19 MiB and tens of milliseconds of a core. Unbounded, a flood of them
 * (sign-ups, resets, wrong guesses from many addresses) fills libuv's pool and every sign-in waits
 * behind it; so at most two run at once, and sign-ins (verifications) are served before new hashes.
 */
const ARGON2_CONCURRENCY = 2;
type Work = 'verify' | 'hash';
let running = 0;
const waiting: Record<Work, Array<() => void>> = { verify: [], hash: [] };

async function inTurn<T>(kind: Work, work: () => Promise<T>): Promise<T> {
  if (running < ARGON2_CONCURRENCY) running += 1;
  // A finishing call hands its slot over directly, so `running` counts slots, not calls.
  else await new Promise<void>((resolve) => waiting[kind].push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.verify.shift() ?? waiting.hash.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return inTurn('hash', () => argon2.hash(password, HASH_OPTIONS));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await inTurn('verify', () => argon2.verify(hash, password));
  } catch {
    return false;
  }
}

/**
 * True for a hash made with weaker settings than today's, or with argon2i/argon2d: it is replaced
 * at the next login. argon2's own needsRehash compares the parameters only, not the variant.
 */
export function needsRehash(hash: string): boolean {
  if (!hash.startsWith('$argon2id$')) return true;
  try {
    return argon2.needsRehash(hash, HASH_OPTIONS);
  } catch {
    return true;
  }
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

/**
 * The spec's rules are checked by the schema; this one needs the list, so it runs on the server.
 * `param` names the refused field as the form that sent it names it.
 */
export function refuseCommonPassword(password: string, param: 'password' | 'newPassword'): void {
  if (isCommonPassword(password)) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.passwordTooCommon, { param });
}
