import type { Db } from '@coinsight/db';
import { describe, expect, it } from 'vitest';
import { postingsPoolFor, readPoolFor } from './dataset.js';

describe('the pool a social read uses', () => {
  const primary = { name: 'primary' } as unknown as Db;
  const replica = { name: 'replica' } as unknown as Db;
  it('reads the shared dataset from the reads pool, and an account’s own posts, which it may have just written, from the primary', () => {
    expect(readPoolFor({ db: primary, readDb: replica }, { dataset: 'shared' })).toBe(replica);
    expect(readPoolFor({ db: primary, readDb: replica }, { dataset: 'mine', userId: 'u' })).toBe(primary);
  });

  it('walks the postings on generic plans, but for several terms over the whole history, which are planned per call', () => {
    const generic = { name: 'generic' } as unknown as Db;
    const deps = { db: primary, readDb: replica, genericDb: generic };
    const shared = { dataset: 'shared' } as const;
    const since = new Date('2026-11-01T00:00:00Z');
    expect(postingsPoolFor(deps, shared, ['$BTC'], undefined)).toBe(generic);
    expect(postingsPoolFor(deps, shared, ['$BTC'], since)).toBe(generic);
    expect(postingsPoolFor(deps, shared, ['solana', '$TRX'], since)).toBe(generic);
    expect(postingsPoolFor(deps, shared, ['solana', '$TRX'], undefined)).toBe(replica);
  });
});
