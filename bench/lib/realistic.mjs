// The realistic mode's requests: every one drawn from a seeded distribution, so no two clients
// ask the same thing unless real ones would (a hot page, a popular coin). A draw is deterministic:
// the k-th request a case sends is the same in every run with the same seed and data. Hot items
// are skewed Zipf-like: the item of rank k is drawn in proportion to 1/k^s. Values come from the
// contracts (sort columns, filters) and from the demo generator's vocabulary (handles,
// locations, coins), so every draw is a valid request that can match posts.
import { LIST_FILTERS, RANGE_FILTERS, SORT_COLUMNS } from '../../packages/contracts/dist/index.js';
import { ASSET_LIST } from '../../packages/db/dist/seed/asset-list.js';
import { FAMILY_NAMES, GIVEN_NAMES, HANDLE_PARTS, LOCATIONS } from '../../packages/db/dist/seed/posts/vocabulary.js';

export const DEFAULT_SEED = 21;
/** Zipf exponent: with s = 1 over 400 pages, page 1 is 15% of draws, pages 1–10 45%, past 100 21%. */
export const SKEW = 1;
const PAGE_SIZE = 25;
const DEEPEST_PAGE = 400;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** mulberry32: a small, fast, seeded generator of floats in [0, 1). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A seed per stream, so adding a case never shifts another case's draws. */
const streamSeed = (seed, stream) => [...stream].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16_777_619), seed ^ 2_166_136_261);

/** Rank 0..n-1 drawn with probability ∝ 1/(rank+1)^s (cumulative table, binary search). */
function zipf(n, s = SKEW) {
  const cdf = [];
  let sum = 0;
  for (let k = 1; k <= n; k++) cdf.push((sum += 1 / k ** s));
  return (r) => {
    const x = r() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}
const zipfCache = new Map();
/** A rank 0..n-1, Zipf-skewed (0 hottest). */
const rank = (r, n) => {
  if (!zipfCache.has(n)) zipfCache.set(n, zipf(n));
  return zipfCache.get(n)(r);
};
/** An item of `items` (hottest first), Zipf-skewed. */
const hot = (r, items) => items[rank(r, items.length)];
const uniform = (r, items) => items[Math.floor(r() * items.length)];
const chance = (r, p) => r() < p;
/** A key of `weights` drawn in proportion to its weight. */
function weighted(r, weights) {
  const entries = Object.entries(weights);
  let x = r() * entries.reduce((s, [, w]) => s + w, 0);
  for (const [key, w] of entries) if ((x -= w) < 0) return key;
  return entries[entries.length - 1][0];
}
const qs = (params) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();
const trpc = (procedure, input) => `/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`;

// What is drawn. Platforms about as often as they hold posts (and the tables are visited).
const PLATFORMS = { twitter: 45, instagram: 20, facebook: 20, linkedin: 15 };
const ASSETS = ASSET_LIST.map((a) => a.symbol); // market-capitalisation order: BTC hottest
/**
 * Search terms, most asked first, from frequent to rare in the posts (share of the demo posts
 * that match, measured at 20,000 posts): "$BTC" 20%, "bitcoin" 12%, "$ETH" 11%, "#defi" 8%,
 * "airdrop" 8%, "ethereum" 7%, "solana" 2.4%, "breakout" 2.3%, "etf" 1.3%, "lawsuit" 1%,
 * "exploit" 0.9%, "rug pull" 0.8%, "lurker" 0.25%, "takeaway" 0.2%, "bitcoin etf" 0.1%; "crash"
 * and "quantum" match nothing (the word is not written). Phrases and tags mix the kinds of term.
 */
export const SEARCH_TERMS = [
  'bitcoin',
  '$BTC',
  'ethereum',
  'solana',
  '$ETH',
  'etf',
  'crash',
  'breakout',
  '#defi',
  'exploit',
  'staking rewards',
  'dogecoin',
  'lawsuit',
  '$SOL',
  'airdrop',
  'bitcoin etf',
  'mainnet',
  'rug pull',
  '#bullrun',
  'liquidations',
  'regulators',
  '$XRP news',
  'pepe',
  'outage',
  'takeaway',
  'capitulation',
  '#defi rally',
  'lurker',
  'self-custody',
  'conference',
  'quantum',
];
const LOCATION_WORDS = LOCATIONS.map((l) => l.split(',')[0].toLowerCase());
const HANDLE_WORDS = [...HANDLE_PARTS.first, ...HANDLE_PARTS.second];
const PERSON_WORDS = [...GIVEN_NAMES, ...FAMILY_NAMES];
/** Counter thresholds, low to high: about the 10th to the 99th percentile of the demo posts. */
const LADDER = {
  likes: [5, 10, 50, 100, 250, 1000, 5000],
  views: [100, 500, 1000, 5000, 10_000, 50_000, 100_000],
  replies: [1, 2, 5, 10, 25, 100],
  comments: [1, 2, 5, 10, 25, 100],
  shares: [1, 2, 5, 10, 25, 100],
};
const cap = (s) => s[0].toUpperCase() + s.slice(1);

/** A list page: platform, sort (the table's default half the time) and a page skewed to the first. */
function listPage(r, ctx, { deepest = DEEPEST_PAGE } = {}) {
  const platform = weighted(r, PLATFORMS);
  const pages = Math.max(1, Math.min(deepest, Math.ceil((ctx.postsByPlatform[platform] ?? 0) / PAGE_SIZE)));
  const sorted = chance(r, 0.5)
    ? { sortBy: 'created_at', sortOrder: 'desc' }
    : { sortBy: uniform(r, SORT_COLUMNS[platform]), sortOrder: uniform(r, ['asc', 'desc']) };
  return { platform, page: 1 + rank(r, pages), limit: PAGE_SIZE, ...sorted };
}

/** Days back from the newest post: recent ones hottest; the web form sends whole dates. */
function dateWindow(r, ctx) {
  const day = (ms) => new Date(ms).toISOString().slice(0, 10);
  const end = ctx.newest - rank(r, 90) * DAY_MS;
  const span = Number(weighted(r, { 1: 25, 3: 15, 7: 30, 14: 10, 30: 15, 90: 5 }));
  if (chance(r, 0.15)) return { startDate: day(end - span * DAY_MS) }; // open-ended: "since"
  return { startDate: day(end - (span - 1) * DAY_MS), endDate: day(end) };
}

function counterRange(r, counter) {
  const ladder = LADDER[counter];
  const i = Math.floor(r() * ladder.length);
  const kind = weighted(r, { min: 50, max: 25, both: 25 });
  if (kind === 'min') return { [`min${cap(counter)}`]: ladder[i] };
  if (kind === 'max') return { [`max${cap(counter)}`]: ladder[i] };
  const j = Math.min(ladder.length - 1, i + 1 + Math.floor(r() * 3));
  return { [`min${cap(counter)}`]: ladder[Math.min(i, j - 1)], [`max${cap(counter)}`]: ladder[j] };
}

function usernamePart(r, platform) {
  if (platform === 'linkedin') return hot(r, PERSON_WORDS);
  const kind = weighted(r, { word: 70, handle: 20, numbered: 10 });
  if (kind === 'word') return hot(r, HANDLE_WORDS);
  const handle = `${hot(r, HANDLE_PARTS.first)}${hot(r, HANDLE_PARTS.second)}`;
  return kind === 'handle' ? handle : `${handle}${1 + Math.floor(r() * 99)}`;
}

/** One filter kind of docs/product.md §7 (and LinkedIn's), with its values, for `platform`. */
const FILTER_KINDS = {
  username: (r, ctx, platform) => ({ username: usernamePart(r, platform) }),
  dates: (r, ctx) => dateWindow(r, ctx),
  counters: (r, ctx, platform) => counterRange(r, uniform(r, RANGE_FILTERS[platform])),
  mediaType: (r) => ({ mediaType: weighted(r, { image: 55, video: 25, carousel: 20 }) }),
  location: (r) => ({ location: hot(r, LOCATION_WORDS) }),
};
const kindsOf = (platform) =>
  Object.keys(FILTER_KINDS).filter((k) => (['username', 'dates', 'counters'].includes(k) ? true : LIST_FILTERS[platform].includes(k)));

/** A filtered list page: the filter kinds asked for (or 2–3 drawn), shallow pages, random sort. */
function filteredPage(r, ctx, kinds) {
  const base = listPage(r, ctx, { deepest: 10 });
  const platform = kinds.some((k) => k === 'mediaType' || k === 'location') ? 'instagram' : base.platform;
  let chosen = kinds;
  if (kinds.length === 0) {
    const pool = kindsOf(platform);
    chosen = [];
    const count = chance(r, 0.7) ? 2 : 3;
    while (chosen.length < count) {
      const k = uniform(r, pool);
      if (!chosen.includes(k)) chosen.push(k);
    }
  }
  const filters = Object.assign({}, ...chosen.map((k) => FILTER_KINDS[k](r, ctx, platform)));
  const sorted = platform === base.platform ? {} : { sortBy: uniform(r, SORT_COLUMNS[platform]) };
  return { ...base, platform, ...filters, ...sorted };
}

/** A search: a term (none 10% of the time), a period ending near the newest post, sometimes "load more". */
function search(r, ctx) {
  const period = weighted(r, { 24: 25, 168: 40, 720: 25, 2160: 10 });
  const end = ctx.newest - Math.floor(r() * 60) * 60_000 - Math.floor(r() * 60_000);
  return {
    q: chance(r, 0.9) ? hot(r, SEARCH_TERMS) : undefined,
    platform: chance(r, 0.6) ? undefined : weighted(r, PLATFORMS),
    startDate: new Date(end - period * HOUR_MS).toISOString(),
    endDate: new Date(end).toISOString(),
    offset: chance(r, 0.8) ? undefined : 50 * (1 + Math.floor(r() * 4)),
  };
}

const symbols = (r, most) => {
  const n = 1 + Math.floor(r() * most);
  const set = new Set();
  while (set.size < n) set.add(hot(r, ASSETS));
  return [...set].join(',');
};
const unix = (ms) => Math.floor(ms / 1000);

/**
 * Each stream draws one kind of request; `format` turns a draw into a path. Streams shared by
 * several cases (the list, for REST, tRPC and the plain-pg baseline P) draw the same sequence.
 */
const STREAMS = {
  list: {
    draw: listPage,
    formats: {
      rest: ({ platform, ...q }) => `/api/social/${platform}?${qs(q)}`,
      trpc: ({ platform, ...q }) => trpc(`social.list.${platform}`, q),
      pg: (q) => `/?${qs(q)}`,
    },
  },
  'filter-username': { draw: (r, ctx) => filteredPage(r, ctx, ['username']) },
  'filter-dates': { draw: (r, ctx) => filteredPage(r, ctx, ['dates']) },
  'filter-counters': { draw: (r, ctx) => filteredPage(r, ctx, ['counters']) },
  'filter-instagram': {
    draw: (r, ctx) => filteredPage(r, ctx, chance(r, 0.5) ? ['location'] : chance(r, 0.5) ? ['mediaType'] : ['location', 'mediaType']),
  },
  'filter-combined': { draw: (r, ctx) => filteredPage(r, ctx, []) },
  search: { draw: search, formats: { rest: (q) => `/api/social/search?${qs(q)}` } },
  analytics: {
    draw: (r) => {
      const procedure = weighted(r, { summaries: 40, trending: 35, timeline: 25 });
      const period = weighted(r, { '24h': 30, '7d': 40, '30d': 20, '90d': 10 });
      const platform = procedure === 'summaries' || chance(r, 0.5) ? undefined : weighted(r, PLATFORMS);
      return { procedure, input: { period, ...(platform ? { platform } : {}) } };
    },
    formats: { trpc: ({ procedure, input }) => trpc(`social.${procedure}`, input) },
  },
  'v1-prices': { draw: (r) => `/v1/crypto/prices?${qs({ symbols: symbols(r, 5) })}` },
  'v1-history': {
    draw: (r) => {
      const interval = weighted(r, { '1h': 50, '1d': 30, '1m': 20 });
      if (chance(r, 0.6)) return `/v1/crypto/history?${qs({ symbol: hot(r, ASSETS), interval })}`;
      // A window inside the request's bound (2,000 candles), ending up to a week ago.
      const span = { '1m': 6 * HOUR_MS, '1h': 7 * DAY_MS, '1d': 180 * DAY_MS }[interval] * (0.25 + r() * 0.75);
      const to = Date.now() - Math.floor(r() * 7 * DAY_MS);
      return `/v1/crypto/history?${qs({ symbol: hot(r, ASSETS), interval, from: unix(to - span), to: unix(to) })}`;
    },
  },
  'v1-mentions': {
    draw: (r) =>
      `/v1/social/mentions?${qs({
        symbol: hot(r, ASSETS),
        platform: chance(r, 0.5) ? undefined : weighted(r, PLATFORMS),
        timeframe: weighted(r, { '1h': 15, '24h': 45, '7d': 25, '30d': 15 }),
      })}`,
  },
  'v1-sentiment': {
    draw: (r) => {
      const sources = chance(r, 0.7) ? undefined : [...new Set([weighted(r, PLATFORMS), weighted(r, PLATFORMS)])].join(',');
      return `/v1/market/sentiment?${qs({ symbols: symbols(r, 3), sources })}`;
    },
  },
  'v1-data': {
    draw: (r, ctx) => {
      const window = chance(r, 0.4) ? Number(weighted(r, { 1: 30, 24: 40, 168: 30 })) * HOUR_MS : 0;
      const to = ctx.newest - Math.floor(r() * 24) * HOUR_MS;
      return `/v1/data?${qs({
        platform: chance(r, 0.5) ? undefined : weighted(r, PLATFORMS),
        q: chance(r, 0.3)
          ? hot(
              r,
              SEARCH_TERMS.filter((t) => !/[#$]/.test(t)),
            )
          : undefined,
        symbol: chance(r, 0.3) ? hot(r, ASSETS) : undefined,
        minLikes: chance(r, 0.3) ? uniform(r, LADDER.likes) : undefined,
        from: window ? unix(to - window) : undefined,
        to: window ? unix(to) : undefined,
        limit: weighted(r, { 10: 20, 25: 50, 50: 20, 100: 10 }),
      })}`;
    },
  },
  'v1-timeseries': {
    draw: (r, ctx) => {
      // Hours over up to a week, or days over up to 90, ending within the last day.
      const interval = weighted(r, { '1h': 60, '1d': 40 });
      const span = interval === '1h' ? (1 + Math.floor(r() * 7)) * DAY_MS : (7 + Math.floor(r() * 84)) * DAY_MS;
      const to = ctx.newest - Math.floor(r() * 24) * HOUR_MS;
      return `/v1/social/timeseries?${qs({
        symbol: hot(r, ASSETS),
        interval,
        platform: chance(r, 0.5) ? undefined : weighted(r, PLATFORMS),
        from: chance(r, 0.3) ? undefined : unix(to - span),
        to: chance(r, 0.3) ? undefined : unix(to),
      })}`;
    },
  },
  'v1-trending': {
    draw: (r) =>
      `/v1/social/trending?${qs({
        period: weighted(r, { '24h': 60, '7d': 40 }),
        platform: chance(r, 0.6) ? undefined : weighted(r, PLATFORMS),
        limit: weighted(r, { 10: 60, 20: 30, 50: 10 }),
      })}`,
  },
  // The same path every time: what varies is the key, hence the account.
  'v1-usage': { draw: () => '/v1/usage' },
};
for (const stream of Object.keys(STREAMS).filter((s) => s.startsWith('filter-'))) STREAMS[stream].formats = STREAMS.list.formats;

/**
 * The request paths of a stream: `next()` draws the next one. `ctx` is what the data decides:
 * `newest` (ms of the newest post) and `postsByPlatform` (so pages stay within the data).
 */
export function drawer({ stream, format = 'rest', seed = DEFAULT_SEED, ctx }) {
  const spec = STREAMS[stream];
  if (!spec) throw new Error(`no stream ${stream}`);
  const r = prng(streamSeed(seed, stream));
  const toPath = spec.formats?.[format] ?? ((x) => x);
  return () => toPath(spec.draw(r, ctx));
}
