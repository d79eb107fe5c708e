import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache.js';

describe('read cache', () => {
  it('reuses an answer within its time, and keeps no failure', async () => {
    const reads = createReadCache({ ttlMs: 60_000 });
    let calls = 0;
    const compute = async () => ({ n: ++calls });
    expect(await reads.get('a', compute)).toEqual({ n: 1 });
    expect(await reads.get('a', compute)).toEqual({ n: 1 });
    expect(await reads.get('b', compute)).toEqual({ n: 2 });
    await expect(reads.get('c', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await reads.get('c', compute)).toEqual({ n: 3 });
  });

  it('weighs answers by their rows: one heavier than the whole budget is answered but not kept', async () => {
    const reads = createReadCache({ ttlMs: 60_000, maxWeight: 10 });
    let calls = 0;
    const big = async () => ({ data: Array.from({ length: 20 }, () => ++calls) });
    await reads.get('big', big);
    await reads.get('big', big);
    expect(calls).toBe(40);
  });

  it('answers a read whose entry is evicted while it is computed, instead of failing it', async () => {
    const reads = createReadCache({ ttlMs: 60_000, maxWeight: 3 });
    let finish: (value: { data: number[] }) => void = () => undefined;
    const slow = reads.get('slow', () => new Promise<{ data: number[] }>((resolve) => (finish = resolve)));
    // Three other answers fill the budget and evict the entry of the read still in flight.
    for (const key of ['x', 'y', 'z']) await reads.get(key, async () => ({ data: [1] }));
    finish({ data: [7] });
    await expect(slow).resolves.toEqual({ data: [7] });
  });
});
