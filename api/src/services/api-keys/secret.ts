import type { ApiKeyMode } from '@coinsight/contracts';
import { createHash, randomBytes } from 'node:crypto';

/** Every live key starts with this, so leaked keys are recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'cs_live_';
/** Test keys (docs/api-keys.md): the fixed test dataset, never metered or billed. */
export const TEST_API_KEY_PREFIX = 'cs_test_';
const PREFIXES: Record<ApiKeyMode, string> = { live: API_KEY_PREFIX, test: TEST_API_KEY_PREFIX };
/** 192 random bits per key: far past the 128 that make guessing hopeless. */
const SECRET_BYTES = 24;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Characters of base62 needed for SECRET_BYTES (ceil(192 / log2 62) = 33); shorter values are zero-padded. */
const SECRET_CHARS = Math.ceil((SECRET_BYTES * 8) / Math.log2(62));
/** How much of the secret lists show: the fixed prefix and four characters (`cs_live_AbCd`); both prefixes are 8 long. */
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;

const WELL_FORMED = new RegExp(`^(${API_KEY_PREFIX}|${TEST_API_KEY_PREFIX})[0-9A-Za-z]{${SECRET_CHARS}}$`);

/** A new key's secret: `cs_live_` (or `cs_test_`) and 33 base62 characters (fixed length, so malformed keys are cheap to spot). */
export function newApiKeySecret(mode: ApiKeyMode = 'live'): string {
  let n = BigInt(`0x${randomBytes(SECRET_BYTES).toString('hex')}`);
  let digits = '';
  while (n > 0n) {
    digits = BASE62[Number(n % 62n)] + digits;
    n /= 62n;
  }
  return PREFIXES[mode] + digits.padStart(SECRET_CHARS, '0');
}

/** Whether `secret` has a live or test key's shape; anything else is refused without a database lookup. */
export function isWellFormedApiKey(secret: string): boolean {
  return WELL_FORMED.test(secret);
}

/** A key's mode, from its secret or its stored display prefix (both start with the mode's prefix). */
export function apiKeyModeOf(secretOrPrefix: string): ApiKeyMode {
  return secretOrPrefix.startsWith(TEST_API_KEY_PREFIX) ? 'test' : 'live';
}

/**
 * What is stored and looked up: hex SHA-256. A fast hash is right for a 192-bit random secret
 * (nothing to brute-force, unlike a password), and it runs on every /v1 call.
 */
export function apiKeyHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function displayPrefix(secret: string): string {
  return secret.slice(0, DISPLAY_PREFIX_LENGTH);
}
