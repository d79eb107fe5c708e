import { describe, expect, it } from 'vitest';
import { ASSET_LIST } from '../seed/asset-list.js';
import { generateDemoPosts } from '../seed/posts/generate.js';
import { inlineAnalyzer, startAnalyzer } from './analysis-pool.js';

describe('analysis in worker threads', () => {
  it('gives the answers of the analysis in this thread, in the order of the texts', async () => {
    const texts = [...generateDemoPosts({ count: 2_200, now: new Date('2026-11-22T12:00:00Z') })].map((p) => p.text);
    // The TypeScript worker, run through tsx (the importer starts the compiled one).
    const pool = startAnalyzer(ASSET_LIST, {
      threads: 2,
      worker: new URL('./analysis-worker.ts', import.meta.url),
      execArgv: ['--import', 'tsx'],
    });
    try {
      const [threaded, inline] = await Promise.all([pool.analyze(texts), inlineAnalyzer(ASSET_LIST).analyze(texts)]);
      expect(threaded).toHaveLength(2_200);
      expect(threaded).toEqual(inline);
      expect(threaded.filter((a) => a.symbols.length > 0).length).toBeGreaterThan(2_000);
    } finally {
      await pool.close();
    }
  });
});
