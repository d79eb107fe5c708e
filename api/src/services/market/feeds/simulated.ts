import { CANDLE_INTERVAL_MS, type CandleInterval } from '@coinsight/contracts';
import type { Candle } from '@coinsight/db';
import type { FeedAsset, MarketFeed, MarketQuote } from '../feed.js';
import { DEFAULT_SIMULATED_PARAMS, SIMULATED_PARAMS, type SimulatedAssetParams } from './simulated-params.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
/** The finest grid of the walk; a tick between two grid points reports the earlier one. */
export const SIMULATED_STEP_MS = 10_000;
/** The daily level sums this many days of shocks (older ones have decayed below notice). */
const LOOKBACK_DAYS = 240;
const VOLUME_VOLATILITY = 0.2;
const VOLUME_REVERSION = 0.15;

/**
 * A deterministic random walk: every figure is a pure function of (seed, symbol, time), so two
 * instances, a restart and a test all see the same series, and no state is stored.
 *
 * The log-price is built top-down. Each UTC day's closing level is a mean-reverting sum of daily
 * shocks (so prices wander realistically but never drift off to zero or infinity over months);
 * inside a day, 24 hourly steps are drawn and bent into a Brownian bridge that ends exactly on
 * that close; each hour holds 60 minute steps bridged the same way, each minute six 10 s steps.
 * An hourly candle's high and low are therefore the extremes of the same minute path that
 * its minute candles show.
 */
export function createSimulatedFeed(options: { seed: number }): MarketFeed & {
  /** The price at `time` (on the 10 s grid), for tests and the back-fill. */
  priceAt(symbol: string, time: Date): number;
} {
  const walks = new Map<string, AssetWalk>();
  const walkOf = (symbol: string) => {
    let walk = walks.get(symbol);
    if (!walk) walks.set(symbol, (walk = new AssetWalk(options.seed, symbol, SIMULATED_PARAMS[symbol] ?? DEFAULT_SIMULATED_PARAMS)));
    return walk;
  };

  return {
    name: 'simulated',
    async latest(assets: readonly FeedAsset[], now: Date): Promise<MarketQuote[]> {
      const t = Math.floor(now.getTime() / SIMULATED_STEP_MS) * SIMULATED_STEP_MS;
      return assets.map((asset) => {
        const walk = walkOf(asset.symbol);
        // Market cap is left to the store, which multiplies by the asset's stored supply.
        return { symbol: asset.symbol, time: now, price: walk.price(t), volume24h: walk.volume24h(t), marketCap: null };
      });
    },
    async history(asset: FeedAsset, interval: CandleInterval, from: Date, to: Date): Promise<Candle[]> {
      const walk = walkOf(asset.symbol);
      const size = CANDLE_INTERVAL_MS[interval];
      const candles: Candle[] = [];
      for (let t = Math.ceil(from.getTime() / size) * size; t < to.getTime(); t += size) candles.push(walk.candle(t, interval));
      return candles;
    },
    priceAt: (symbol, time) => walkOf(symbol).price(Math.floor(time.getTime() / SIMULATED_STEP_MS) * SIMULATED_STEP_MS),
  };
}

class AssetWalk {
  readonly #key: number;
  readonly #params: SimulatedAssetParams;
  readonly #price: Levels;
  readonly #volume: Levels;

  constructor(seed: number, symbol: string, params: SimulatedAssetParams) {
    this.#key = mix(seed >>> 0, fnv1a(symbol));
    this.#params = params;
    this.#price = new Levels(mix(this.#key, 1), params.dailyVolatility, 1 - params.reversion);
    this.#volume = new Levels(mix(this.#key, 2), VOLUME_VOLATILITY, 1 - VOLUME_REVERSION);
  }

  price(t: number): number {
    return this.#params.price * Math.exp(this.#price.at(t));
  }

  volume24h(t: number): number {
    return this.#params.volume24h * Math.exp(this.#volume.at(t));
  }

  /** OHLCV of the candle opening at `t`; volume is its share of the 24 h volume at its open. */
  candle(t: number, interval: CandleInterval): Candle {
    const path = this.#price.inside(t, interval).map((level) => this.#params.price * Math.exp(level));
    return {
      openTime: new Date(t),
      open: path[0] ?? 0,
      high: Math.max(...path),
      low: Math.min(...path),
      close: path.at(-1) ?? 0,
      volume: (this.volume24h(t) * CANDLE_INTERVAL_MS[interval]) / DAY,
    };
  }
}

/** One log-level process, as described on createSimulatedFeed. */
class Levels {
  readonly #closes = new Map<number, number>();
  readonly #shocks = new Map<number, number>();
  readonly #bridges = new Map<string, Float64Array>();
  readonly #decay: Float64Array;

  constructor(
    private readonly key: number,
    private readonly dailyVolatility: number,
    persistence: number,
  ) {
    this.#decay = Float64Array.from({ length: LOOKBACK_DAYS }, (_, k) => persistence ** k);
  }

  /** The level on the 10 s grid point at or before `t`. */
  at(t: number): number {
    const steps = this.#steps(t);
    return steps[Math.floor((t % MINUTE) / SIMULATED_STEP_MS)] ?? 0;
  }

  /** The grid levels from the candle's open to its close, one level finer than the candle. */
  inside(t: number, interval: CandleInterval): Float64Array {
    if (interval === '1d') return this.#hours(Math.floor(t / DAY));
    if (interval === '1h') return this.#minutes(Math.floor(t / HOUR));
    return this.#steps(t);
  }

  #steps(t: number): Float64Array {
    const minute = Math.floor(t / MINUTE);
    const minutes = this.#minutes(Math.floor(t / HOUR));
    const index = minute % 60;
    return this.#bridge(`s${minute}`, minutes[index] ?? 0, minutes[index + 1] ?? 0, 6, this.dailyVolatility / Math.sqrt(8_640));
  }

  #minutes(hour: number): Float64Array {
    const hours = this.#hours(Math.floor(hour / 24));
    const index = hour % 24;
    return this.#bridge(`m${hour}`, hours[index] ?? 0, hours[index + 1] ?? 0, 60, this.dailyVolatility / Math.sqrt(1_440));
  }

  #hours(day: number): Float64Array {
    return this.#bridge(`h${day}`, this.#close(day - 1), this.#close(day), 24, this.dailyVolatility / Math.sqrt(24));
  }

  /** The level at the end of UTC day `day`: a decaying sum of daily shocks. */
  #close(day: number): number {
    const cached = this.#closes.get(day);
    if (cached !== undefined) return cached;
    let level = 0;
    // Summed oldest first, always over the same days, so the figure never depends on call order.
    for (let k = LOOKBACK_DAYS - 1; k >= 0; k--) level += (this.#decay[k] ?? 0) * this.#shock(day - k);
    if (this.#closes.size > 4_096) this.#closes.clear();
    this.#closes.set(day, level);
    return level;
  }

  #shock(day: number): number {
    let shock = this.#shocks.get(day);
    if (shock === undefined) {
      shock = this.dailyVolatility * (normals(mix(this.key, day), 1)[0] ?? 0);
      if (this.#shocks.size > 4_096) this.#shocks.clear();
      this.#shocks.set(day, shock);
    }
    return shock;
  }

  /** n Gaussian steps from `from`, bent linearly so the last point lands on `to`: n + 1 levels. */
  #bridge(id: string, from: number, to: number, n: number, sd: number): Float64Array {
    const cached = this.#bridges.get(id);
    if (cached) return cached;
    const seed = mix(this.key, fnv1a(id));
    const path = normals(seed, n + 1);
    path[0] = 0;
    let sum = 0;
    for (let i = 1; i <= n; i++) path[i] = sum += sd * (path[i] ?? 0);
    const drift = to - from - sum;
    for (let i = 0; i <= n; i++) path[i] = from + (path[i] ?? 0) + (drift * i) / n;
    if (this.#bridges.size > 8_192) this.#bridges.clear();
    this.#bridges.set(id, path);
    return path;
  }
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** Hashes two integers into one (murmur3's finaliser over a combined word). */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b | 0, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** n standard normal deviates that depend only on (seed, position): Box-Muller, two per pair of hashes. */
function normals(seed: number, n: number): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i += 2) {
    const radius = Math.sqrt(-2 * Math.log((mix(seed, i) + 1) / 4_294_967_297));
    const angle = (2 * Math.PI * mix(seed, i + 1)) / 4_294_967_296;
    out[i] = radius * Math.cos(angle);
    if (i + 1 < n) out[i + 1] = radius * Math.sin(angle);
  }
  return out;
}
