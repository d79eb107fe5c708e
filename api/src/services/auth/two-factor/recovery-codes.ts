import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@coinsight/contracts';
import type { Db } from '@coinsight/db';
import { newId } from '../users.js';

// Crockford-like base32 without look-alikes (no I, L, O, U): 16 characters, 80 random bits.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `XXXX-XXXX-XXXX-XXXX`: 80 random bits, easy to read off paper. */
function newRecoveryCode(): string {
  const chars = [...randomBytes(16)].map((byte) => ALPHABET[byte & 31]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/**
 * The stored form of a code: the SHA-256 of its characters, uppercased, without dashes. 80 random
 * bits need no slow hash (nothing to guess offline), and a lookup by hash costs one index read.
 */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.replace(/[-\s]/g, '').toUpperCase()).digest('hex');
}

/** Replaces the user's recovery codes with ten new ones, answered once and stored hashed. */
export async function replaceRecoveryCodes(executor: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await executor.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await executor
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ id: newId('rec'), user_id: userId, code_hash: recoveryCodeHash(code), used_at: null })))
    .execute();
  return codes;
}

/** Spends the user's unused code, in one statement (two uses cannot both win); false when there is none. */
export async function useRecoveryCode(db: Db, userId: string, code: string, now: Date): Promise<boolean> {
  const used = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', recoveryCodeHash(code))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}
