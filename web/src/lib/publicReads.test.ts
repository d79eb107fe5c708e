import { describe, expect, it } from 'vitest';
import { healthyApi } from '../test/renderApp';
import { trpcStub } from '../test/trpcStub';
import { createPublicReads } from './publicReads';

describe('public reads', () => {
  it("ask tRPC's GET format and read the procedure's answer", async () => {
    const api = trpcStub({ 'site.stats': () => ({ assetsTracked: 12, postsStored: 3400 }) });
    const reads = createPublicReads({ fetch: api.fetch });

    await expect(reads.read('site.stats')).resolves.toEqual({ assetsTracked: 12, postsStored: 3400 });
    expect(api.callsTo('site.stats')).toHaveLength(1);
    expect(reads.cached('site.stats')).toEqual({ data: { assetsTracked: 12, postsStored: 3400 }, fresh: true });
  });

  it('share a read already on its way', async () => {
    const api = trpcStub({ 'system.health': () => healthyApi });
    const reads = createPublicReads({ fetch: api.fetch });

    const [footer, page] = await Promise.all([reads.read('system.health'), reads.read('system.health')]);
    expect(footer).toEqual(healthyApi);
    expect(page).toEqual(healthyApi);
    expect(api.callsTo('system.health')).toHaveLength(1);
  });

  it('ask once more after a failure, and fail when that fails too', async () => {
    let answers = 0;
    const api = trpcStub({
      'system.health': () => {
        answers += 1;
        if (answers === 1) throw new TypeError('Failed to fetch');
        return healthyApi;
      },
    });
    const reads = createPublicReads({ fetch: api.fetch, retryDelayMs: 0 });
    await expect(reads.read('system.health')).resolves.toEqual(healthyApi);
    expect(answers).toBe(2);

    const down = trpcStub({});
    const failing = createPublicReads({ fetch: down.fetch, retryDelayMs: 0 });
    await expect(failing.read('system.health')).rejects.toThrow('system.health answered 404');
    expect(down.callsTo('system.health')).toHaveLength(2);
    expect(failing.cached('system.health')).toBeUndefined();
  });
});
