// What the bench asks the server, case by case. Each case is a request (path, auth, method,
// body) and a load (connections); run.mjs checks one answer is 2xx before measuring it.
// Two modes: `hot` cases ask the same request on every connection (what the read cache answers
// best); `realistic` cases draw every request from a stream of lib/realistic.mjs.
const DAY_MS = 86_400_000;

/** tRPC's GET form as the web client's httpBatchLink sends it: one call in a batch of one. */
const trpc = (procedure, input) => `/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`;
const qs = (params) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

// Terms of the demo vocabulary (packages/db/src/seed/posts/vocabulary.ts) by how many posts
// carry them: "bitcoin" names the most-weighted coin (about a fifth of posts); "exploit" is in
// one bearish sentence (about 1.7%); "takeaway" in one LinkedIn opener, the rarest word the
// generator writes (about 0.2%).
export const SEARCH_TERMS = { frequent: 'bitcoin', middling: 'exploit', rare: 'takeaway' };

/**
 * Every case, with `reads` marking those repeated on the embedded database. Dates are taken from
 * the seeded data (its newest post), so filters select the same share of posts however old the
 * seed is.
 */
export function allCases({ newest, full, connections, signInConnections }) {
  const weekAgo = new Date(newest.getTime() - 7 * DAY_MS).toISOString();
  const monthAgo = new Date(newest.getTime() - 30 * DAY_MS).toISOString();
  const end = newest.toISOString();
  const filters = [
    ['username contains "whale"', 'twitter', { username: 'whale' }],
    ['last 7 days', 'twitter', { startDate: weekAgo, endDate: end }],
    ['minViews 1000 + maxLikes 500', 'twitter', { minViews: 1000, maxLikes: 500 }],
    ['Instagram location "lisbon"', 'instagram', { location: 'lisbon' }],
    ['Instagram media type video', 'instagram', { mediaType: 'video' }],
  ];
  const list = (platform, params) => `/api/social/${platform}?${qs({ limit: 25, ...params })}`;
  const cases = [
    { id: 'health', group: 'stack', name: 'GET /api/health', path: '/api/health' },
    {
      id: 'list-p1',
      group: 'list',
      name: 'REST twitter list, page 1',
      path: list('twitter', { page: 1 }),
      auth: 'session',
      reads: 'quick',
    },
    {
      id: 'list-p400',
      group: 'list',
      name: 'REST twitter list, page 400',
      path: list('twitter', { page: 400 }),
      auth: 'session',
      reads: 'quick',
    },
    ...filters.flatMap(([label, platform, params], i) => [
      {
        id: `filter-${i + 1}-p1`,
        group: 'list',
        name: `REST ${label}, page 1`,
        path: list(platform, { ...params, page: 1 }),
        auth: 'session',
        reads: i === 2 ? 'quick' : 'full',
      },
      // Deep pages of each filter only in a full run: the quick one keeps to about a minute.
      ...(full
        ? [
            {
              id: `filter-${i + 1}-p400`,
              group: 'list',
              name: `REST ${label}, page 400`,
              path: list(platform, { ...params, page: 400 }),
              auth: 'session',
            },
          ]
        : []),
    ]),
    {
      id: 'trpc-list',
      group: 'list',
      name: 'tRPC social.list.twitter, page 1',
      path: trpc('social.list.twitter', { page: 1, limit: 25 }),
      auth: 'session',
      reads: 'quick',
    },
    ...Object.entries(SEARCH_TERMS).map(([kind, q]) => ({
      id: `search-${kind}`,
      group: 'search',
      name: `search "${q}" (${kind}), 30 days`,
      path: `/api/social/search?${qs({ q, startDate: monthAgo, endDate: end })}`,
      auth: 'session',
      reads: kind === 'middling' ? 'quick' : 'full',
    })),
    {
      id: 'summaries',
      group: 'analytics',
      name: 'tRPC social.summaries 24h',
      path: trpc('social.summaries', { period: '24h' }),
      auth: 'session',
      reads: 'quick',
    },
    {
      id: 'trending-7d',
      group: 'analytics',
      name: 'tRPC social.trending 7d',
      path: trpc('social.trending', { period: '7d' }),
      auth: 'session',
      reads: 'full',
    },
    {
      id: 'trending-90d',
      group: 'analytics',
      name: 'tRPC social.trending 90d',
      path: trpc('social.trending', { period: '90d' }),
      auth: 'session',
      reads: 'quick',
    },
    {
      id: 'timeline',
      group: 'analytics',
      name: 'tRPC social.timeline 7d',
      path: trpc('social.timeline', { period: '7d' }),
      auth: 'session',
      reads: 'full',
    },
    {
      id: 'sign-in',
      group: 'auth',
      name: 'POST /api/auth/login (argon2)',
      path: '/api/auth/login',
      method: 'POST',
      body: 'credentials',
      // Few connections: argon2 is meant to be slow, and five concurrent attempts on one account
      // from one address is where the sign-in throttle starts counting.
      connections: signInConnections,
    },
    { id: 'v1-history', group: 'v1', name: 'GET /v1/crypto/history BTC', path: '/v1/crypto/history?symbol=BTC', auth: 'key' },
    { id: 'v1-data', group: 'v1', name: 'GET /v1/data, 25 posts', path: '/v1/data?limit=25', auth: 'key' },
    { id: 'v1-mentions', group: 'v1', name: 'GET /v1/social/mentions BTC 24h', path: '/v1/social/mentions?symbol=BTC', auth: 'key' },
    {
      id: 'v1-sentiment',
      group: 'v1',
      name: 'GET /v1/market/sentiment BTC,ETH',
      path: '/v1/market/sentiment?symbols=BTC,ETH',
      auth: 'key',
    },
    // Measured once the branch that adds them has landed; skipped while they answer 404.
    {
      id: 'v1-prices',
      group: 'v1',
      name: 'GET /v1/crypto/prices BTC,ETH',
      path: '/v1/crypto/prices?symbols=BTC,ETH',
      auth: 'key',
      optional: true,
    },
    { id: 'v1-usage', group: 'v1', name: 'GET /v1/usage', path: '/v1/usage', auth: 'key', optional: true },
  ];
  return cases.map((c) => ({ method: 'GET', connections, mode: 'hot', ...c }));
}

/**
 * The realistic mode: each case a stream of lib/realistic.mjs (what is drawn is described there
 * and in bench/README.md). `session` cases deal the sessions of many bench users out in turn,
 * `key` cases the keys of many Pro accounts.
 */
export function realisticCases({ connections }) {
  const c = (id, group, name, stream, { format = 'rest', auth = 'session', reads, perAccount } = {}) => ({
    id: `rt-${id}`,
    mode: 'realistic',
    group,
    name,
    draw: { stream, format, ...(perAccount ? { perAccount } : {}) },
    auth,
    method: 'GET',
    connections,
    ...(reads ? { reads } : {}),
  });
  return [
    c('list', 'list', 'REST list: random platform, page (1–400) and sort', 'list', { reads: 'quick' }),
    c('trpc-list', 'list', 'tRPC list: the same draws', 'list', { format: 'trpc' }),
    c('filter-username', 'list', 'REST list + username contains (random part)', 'filter-username', { reads: 'full' }),
    c('filter-dates', 'list', 'REST list + random date range', 'filter-dates', { reads: 'full' }),
    c('filter-counters', 'list', 'REST list + random counter min/max', 'filter-counters', { reads: 'full' }),
    c('filter-instagram', 'list', 'REST Instagram + location and/or media type', 'filter-instagram', { reads: 'full' }),
    c('filter-combined', 'list', 'REST list + 2–3 filter kinds combined', 'filter-combined', { reads: 'quick' }),
    c('search', 'search', 'search: random term (rare to frequent), window, platform', 'search', { reads: 'quick' }),
    c('analytics', 'analytics', 'tRPC analytics: random procedure, period, platform', 'analytics', { format: 'trpc', reads: 'full' }),
    c('v1-prices', 'v1', 'GET /v1/crypto/prices, 1–5 random symbols', 'v1-prices', { auth: 'key' }),
    c('v1-history', 'v1', 'GET /v1/crypto/history, random symbol, interval, window', 'v1-history', { auth: 'key' }),
    c('v1-mentions', 'v1', 'GET /v1/social/mentions, random symbol, platform, timeframe', 'v1-mentions', { auth: 'key' }),
    c('v1-sentiment', 'v1', 'GET /v1/market/sentiment, 1–3 random symbols, sources', 'v1-sentiment', { auth: 'key' }),
    c('v1-data', 'v1', 'GET /v1/data, random filters', 'v1-data', { auth: 'key' }),
    c('v1-timeseries', 'v1', 'GET /v1/social/timeseries, random symbol, interval, window, platform', 'v1-timeseries', { auth: 'key' }),
    c('v1-trending', 'v1', 'GET /v1/social/trending, random period, platform, limit', 'v1-trending', { auth: 'key' }),
    c('v1-usage', 'v1', 'GET /v1/usage, over many accounts', 'v1-usage', { auth: 'key', perAccount: true }),
  ];
}

export const readCases = (cases, full) => cases.filter((c) => c.reads === 'quick' || (full && c.reads === 'full'));
