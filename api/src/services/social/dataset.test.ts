import type { Db } from '@coinsight/db';
import { describe, expect, it } from 'vitest';
import { readPoolFor } from './dataset.js';

describe('the pool a social read uses', () => {
  const primary = { name: 'primary' } as unknown as Db;
  const replica = { name: 'replica' } as unknown as Db;
  it('reads the shared dataset from the reads pool, and an account’s own posts, which it may have just written, from the primary', () => {
    expect(readPoolFor({ db: primary, readDb: replica }, { dataset: 'shared' })).toBe(replica);
    expect(readPoolFor({ db: primary, readDb: replica }, { dataset: 'mine', userId: 'u' })).toBe(primary);
  });
});
