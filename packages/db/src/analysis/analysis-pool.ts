import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { analyzePost, type PostAnalysis } from './analyze.js';
import { createSymbolMatcher, type AssetRef } from './symbol-matcher.js';

/** Analyses texts, in worker threads or in this one; the answers are in the order of the texts. */
export interface Analyzer {
  analyze(texts: readonly string[]): Promise<PostAnalysis[]>;
  close(): Promise<void>;
}

// Texts go to the threads in slices of this many: enough to outweigh a message's cost, small
// enough that every thread gets a share of a batch.
const SLICE = 500;

/** Analysis in this thread (PGlite's path, and the fallback where the worker was not compiled). */
export function inlineAnalyzer(assets: readonly AssetRef[]): Analyzer {
  const matcher = createSymbolMatcher(assets);
  return {
    analyze: (texts) => Promise.resolve(texts.map((text) => analyzePost(text, matcher))),
    close: () => Promise.resolve(),
  };
}

/**
 * A pool of worker threads (piscina) that analyse texts, one thread per core: sentiment and the
 * symbol matcher are pure CPU, and the importer's own thread is busy reading, parsing and
 * writing. Run from TypeScript sources (vitest) there is no compiled worker to start, so the
 * analysis stays in this thread; the answers are the same either way.
 */
export function startAnalyzer(
  assets: readonly AssetRef[],
  {
    threads = availableParallelism(),
    worker = new URL('./analysis-worker.js', import.meta.url),
    execArgv,
  }: {
    threads?: number;
    /** The worker module (tests start the TypeScript one through tsx, with execArgv). */
    worker?: URL;
    execArgv?: string[];
  } = {},
): Analyzer {
  if (threads < 1 || !existsSync(fileURLToPath(worker))) return inlineAnalyzer(assets);
  const pool = new Piscina<readonly string[], PostAnalysis[]>({
    filename: worker.href,
    ...(execArgv ? { execArgv } : {}),
    workerData: { assets: assets.map(({ symbol, name, slug }) => ({ symbol, name, slug })) },
    minThreads: threads,
    maxThreads: threads,
    // Slices wait in the pool's queue rather than fail when every thread is busy.
    maxQueue: Infinity,
  });
  return {
    async analyze(texts) {
      const slices: Promise<PostAnalysis[]>[] = [];
      for (let i = 0; i < texts.length; i += SLICE) slices.push(pool.run(texts.slice(i, i + SLICE)));
      return (await Promise.all(slices)).flat();
    },
    close: () => pool.destroy(),
  };
}

// Below this many texts a call is analysed in this thread: starting threads costs more than a
// small upload or a test fixture takes to analyse.
const THREADED_FROM = 1_000;

/**
 * Large calls go to worker threads (started on the first one), small ones stay in this thread;
 * `threaded` false keeps everything here (PGlite's path).
 */
export function analyzerFor(assets: readonly AssetRef[], threaded: boolean): Analyzer {
  const inline = inlineAnalyzer(assets);
  let threads: Analyzer | undefined;
  return {
    analyze: (texts) => (threaded && texts.length >= THREADED_FROM ? (threads ??= startAnalyzer(assets)) : inline).analyze(texts),
    close: async () => {
      await threads?.close();
    },
  };
}
