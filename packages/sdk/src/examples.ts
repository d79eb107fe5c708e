// Every code example of the web app's /docs pages, in one place. The pages render
// them; api/src/v1/docs-examples.int.test.ts runs them against a listening server: the shell
// ones with bash and curl, the TypeScript ones as files importing the built SDK, the Python ones
// with python3 and packages/sdk-python. So the docs cannot drift from the API. `{{BASE_URL}}` stands for where the API is served: the pages put
// their own origin there, the test its server.

export const BASE_URL = '{{BASE_URL}}';

export interface CodeExample {
  /** Shown as the block's label. */
  title: string;
  language: 'bash' | 'typescript' | 'python';
  code: string;
  /**
   * How the test treats it: `run` is executed; `install` installs a client from the server's
   * /downloads/ (api/src/downloads.int.test.ts runs those); `setup` sets a shell variable the other examples read.
   */
  kind: 'run' | 'install' | 'setup';
}

const run = (title: string, language: CodeExample['language'], code: string): CodeExample => ({ title, language, code, kind: 'run' });

const client = `import { Coinsight } from '@coinsight/sdk';

const coinsight = new Coinsight({ apiKey: process.env.COINSIGHT_API_KEY, baseUrl: '${BASE_URL}' });`;

/** The Python client (packages/sdk-python), the key from the environment as in the TypeScript one. */
const pyClient = (imports = '') => `${imports}import os

from coinsight import Coinsight

coinsight = Coinsight(api_key=os.environ["COINSIGHT_API_KEY"], base_url="${BASE_URL}")`;

/**
 * Installing the clients from the server itself, which serves them at /downloads/, built with it
 * (docs/sdk.md, Installing from your server); the registry names (`@coinsight/sdk`, `@coinsight/cli`,
 * PyPI's `coinsight`) once published. api/src/downloads.int.test.ts runs each, as shown.
 */
export const install = {
  npm: { title: 'npm', language: 'bash', code: `npm install ${BASE_URL}/downloads/coinsight-sdk.tgz`, kind: 'install' },
  yarn: { title: 'yarn', language: 'bash', code: `yarn add ${BASE_URL}/downloads/coinsight-sdk.tgz`, kind: 'install' },
  pnpm: { title: 'pnpm', language: 'bash', code: `pnpm add ${BASE_URL}/downloads/coinsight-sdk.tgz`, kind: 'install' },
  pip: {
    title: 'Install the Python client (standard library only, Python 3.9 or newer)',
    language: 'bash',
    code: `pip install --index-url ${BASE_URL}/downloads/simple/ coinsight`,
    kind: 'install',
  },
} satisfies Record<string, CodeExample>;

/** The first call, before any account: the public test key (docs/api-keys.md, Test mode). */
const PUBLIC_TEST_KEY = 'cs_test_public_sandbox';

export const setKey: CodeExample = {
  title: 'Keep the key in an environment variable',
  language: 'bash',
  code: 'export COINSIGHT_API_KEY="cs_live_your_key_here"',
  kind: 'setup',
};

/** /docs: the quick start and the key concepts. */
export const quickStart = {
  tryIt: run(
    'Try it now: no account, the public test key',
    'bash',
    `curl -s "${BASE_URL}/v1/crypto/prices?symbols=BTC,ETH" \\
  -H "Authorization: Bearer ${PUBLIC_TEST_KEY}"`,
  ),
  basicUsage: run(
    'Basic usage',
    'typescript',
    `${client}

const { symbols } = await coinsight.market.sentiment({ symbols: ['BTC', 'ETH'] });
for (const coin of symbols) {
  console.log(coin.symbol, coin.label ?? 'no posts yet', \`(\${coin.posts} posts)\`);
}`,
  ),
  basicUsagePython: run(
    'Basic usage in Python',
    'python',
    `${pyClient()}

answer = coinsight.market.sentiment(symbols=["BTC", "ETH"])
for coin in answer["symbols"]:
    print(coin["symbol"], coin["label"] or "no posts yet", f"({coin['posts']} posts)")`,
  ),
  authCurl: run(
    'Authentication',
    'bash',
    `curl -s "${BASE_URL}/v1/alerts" \\
  -H "Authorization: Bearer $COINSIGHT_API_KEY"`,
  ),
  rateLimitsCurl: run(
    'Rate-limit headers',
    'bash',
    `curl -s -D - -o /dev/null "${BASE_URL}/v1/crypto/history?symbol=BTC" \\
  -H "Authorization: Bearer $COINSIGHT_API_KEY"`,
  ),
  usageCurl: run(
    'Calls used this month',
    'bash',
    `curl -s "${BASE_URL}/v1/usage" \\
  -H "Authorization: Bearer $COINSIGHT_API_KEY"`,
  ),
  errorsCurl: run('An error answer', 'bash', `curl -s "${BASE_URL}/v1/crypto/history?symbol=BTC"`),
  errorsSdk: run(
    'Handling errors',
    'typescript',
    `import { Coinsight, CoinsightError } from '@coinsight/sdk';

const coinsight = new Coinsight({ apiKey: process.env.COINSIGHT_API_KEY, baseUrl: '${BASE_URL}' });

try {
  await coinsight.crypto.history({ symbol: 'NOTACOIN' });
} catch (error) {
  if (!(error instanceof CoinsightError)) throw error;
  // 429 and 5xx answers were already retried (a POST under one Idempotency-Key: it acts once).
  console.log(error.status, error.code, error.message);
  console.log('request id for support:', error.requestId);
}`,
  ),
  errorsPython: run(
    'Handling errors in Python',
    'python',
    `import os

from coinsight import Coinsight, CoinsightError

coinsight = Coinsight(api_key=os.environ["COINSIGHT_API_KEY"], base_url="${BASE_URL}")

try:
    coinsight.crypto.history(symbol="NOTACOIN")
except CoinsightError as error:
    # 429 and 5xx answers were already retried (POSTs too: each carries an Idempotency-Key).
    print(error.status, error.code, error.message)
    print("request id for support:", error.request_id)`,
  ),
};

/** /docs/getting-started. */
export const gettingStarted = {
  firstCallCurl: run(
    'Your first call',
    'bash',
    `curl -s "${BASE_URL}/v1/crypto/prices?symbols=BTC,ETH" \\
  -H "Authorization: Bearer $COINSIGHT_API_KEY"`,
  ),
  firstCallSdk: run(
    'The same call with the SDK',
    'typescript',
    `${client}

const { prices } = await coinsight.crypto.prices({ symbols: ['BTC', 'ETH'] });
for (const coin of prices) {
  const change = coin.change24h === null ? '' : \`\${coin.change24h.toFixed(2)}% in 24h\`;
  console.log(coin.name, coin.price ?? 'no price yet', change);
}

const usage = await coinsight.usage();
console.log(\`\${usage.calls} calls this month\`, usage.remaining === null ? '' : \`(\${usage.remaining} left)\`);`,
  ),
  firstCallPython: run(
    'The same call in Python',
    'python',
    `${pyClient()}

for coin in coinsight.crypto.prices(symbols=["BTC", "ETH"])["prices"]:
    change = "" if coin["change24h"] is None else f"{coin['change24h']:.2f}% in 24h"
    print(coin["name"], "no price yet" if coin["price"] is None else coin["price"], change)

usage = coinsight.usage()
print(f"{usage['calls']} calls this month", "" if usage["remaining"] is None else f"({usage['remaining']} left)")`,
  ),
};

/** /docs/data-analysis. */
export const dataAnalysis = {
  historyCurl: run(
    'Hourly candles of the last day',
    'bash',
    `curl -s "${BASE_URL}/v1/crypto/history?symbol=BTC&interval=1h&from=$(( $(date +%s) - 86400 ))" \\
  -H "Authorization: Bearer $COINSIGHT_API_KEY"`,
  ),
  mentionsCurl: run(
    'Mentions per platform',
    'bash',
    `curl -s "${BASE_URL}/v1/social/mentions?symbol=BTC&timeframe=7d" \\
  -H "Authorization: Bearer $COINSIGHT_API_KEY"`,
  ),
  sentimentCurl: run(
    'Sentiment by source',
    'bash',
    `curl -s "${BASE_URL}/v1/market/sentiment?symbols=BTC,ETH&sources=twitter,instagram" \\
  -H "Authorization: Bearer $COINSIGHT_API_KEY"`,
  ),
  postsCurl: run(
    'One page of posts',
    'bash',
    `curl -s "${BASE_URL}/v1/data?symbol=BTC&minLikes=10&limit=5" \\
  -H "Authorization: Bearer $COINSIGHT_API_KEY"`,
  ),
  priceVsTalk: run(
    'Price against conversation',
    'typescript',
    `${client}

const to = new Date();
const from = new Date(to.getTime() - 24 * 3600_000);
const [history, mentions, sentiment] = await Promise.all([
  coinsight.crypto.history({ symbol: 'BTC', interval: '1h', from, to }),
  coinsight.social.mentions({ symbol: 'BTC', timeframe: '24h' }),
  coinsight.market.sentiment({ symbols: ['BTC'] }),
]);

const first = history.candles[0];
const last = history.candles.at(-1);
const change = first && last ? ((last.close - first.open) / first.open) * 100 : null;
console.log('24h price change %:', change === null ? 'no candles' : change.toFixed(2));
console.log('24h mentions:', mentions.total.mentions);
console.log('sentiment:', sentiment.symbols[0]?.score ?? 'no posts', sentiment.symbols[0]?.label ?? '');`,
  ),
  priceVsTalkPython: run(
    'Price against conversation, in Python',
    'python',
    `${pyClient('from datetime import datetime, timedelta, timezone\n')}

to = datetime.now(timezone.utc)
history = coinsight.crypto.history(symbol="BTC", interval="1h", from_=to - timedelta(days=1), to=to)
mentions = coinsight.social.mentions(symbol="BTC", timeframe="24h")
sentiment = coinsight.market.sentiment(symbols=["BTC"])

candles = history["candles"]
change = (candles[-1]["close"] - candles[0]["open"]) / candles[0]["open"] * 100 if candles else None
print("24h price change %:", "no candles" if change is None else f"{change:.2f}")
print("24h mentions:", mentions["total"]["mentions"])
btc = sentiment["symbols"][0]
print("sentiment:", "no posts" if btc["score"] is None else btc["score"], btc["label"] or "")`,
  ),
  timeseriesCurl: run(
    'Mentions, sentiment and engagement per hour',
    'bash',
    `curl -s "${BASE_URL}/v1/social/timeseries?symbol=BTC&interval=1h&from=$(( $(date +%s) - 86400 ))" \\
  -H "Authorization: Bearer $COINSIGHT_API_KEY"`,
  ),
  trendingCurl: run(
    'Trending topics of the week',
    'bash',
    `curl -s "${BASE_URL}/v1/social/trending?period=7d&limit=5" \\
  -H "Authorization: Bearer $COINSIGHT_API_KEY"`,
  ),
  assetsCurl: run(
    'The tracked assets',
    'bash',
    `curl -s "${BASE_URL}/v1/assets?limit=10" \\
  -H "Authorization: Bearer $COINSIGHT_API_KEY"`,
  ),
  watchlistCurl: run(
    'Set your watchlist, then read it',
    'bash',
    `curl -s -X PUT "${BASE_URL}/v1/watchlist" \\
  -H "Authorization: Bearer $COINSIGHT_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"symbols": ["BTC", "ETH", "SOL"]}' > /dev/null
curl -s "${BASE_URL}/v1/watchlist" \\
  -H "Authorization: Bearer $COINSIGHT_API_KEY"`,
  ),
  watchlistSeries: run(
    'A week of conversation for each coin of your watchlist',
    'typescript',
    `${client}

await coinsight.watchlist.set(['BTC', 'ETH']);
const { data: coins } = await coinsight.watchlist.get();
for (const coin of coins) {
  const from = new Date(Date.now() - 7 * 86_400_000);
  const { buckets } = await coinsight.social.timeseries({ symbol: coin.symbol, interval: '1d', from });
  const mentions = buckets.reduce((sum, b) => sum + b.mentions, 0);
  const engagement = buckets.reduce((sum, b) => sum + b.engagement, 0);
  console.log(coin.symbol, \`\${buckets.length} days\`, \`\${mentions} mentions\`, \`\${engagement} engagement\`);
}`,
  ),
  watchlistSeriesPython: run(
    'A week of conversation for each coin of your watchlist, in Python',
    'python',
    `${pyClient('from datetime import datetime, timedelta, timezone\n')}

coinsight.watchlist.set(["BTC", "ETH"])
for coin in coinsight.watchlist.get()["data"]:
    since = datetime.now(timezone.utc) - timedelta(days=7)
    buckets = coinsight.social.timeseries(symbol=coin["symbol"], interval="1d", from_=since)["buckets"]
    mentions = sum(b["mentions"] for b in buckets)
    engagement = sum(b["engagement"] for b in buckets)
    print(coin["symbol"], f"{len(buckets)} days", f"{mentions} mentions", f"{engagement} engagement")`,
  ),
  iteratePosts: run(
    'Every post, page after page',
    'typescript',
    `${client}

// data.iterate() follows nextCursor for you: no post is skipped or repeated.
const perPlatform = new Map<string, number>();
let likes = 0;
for await (const post of coinsight.data.iterate({ symbol: 'BTC', limit: 100 })) {
  perPlatform.set(post.platform, (perPlatform.get(post.platform) ?? 0) + 1);
  likes += post.likes;
}
console.log(Object.fromEntries(perPlatform), 'likes:', likes);`,
  ),
  iteratePostsPython: run(
    'Every post, page after page, in Python',
    'python',
    `${pyClient('from collections import Counter\n')}

# data.iterate() follows nextCursor for you: no post is skipped or repeated.
per_platform: Counter[str] = Counter()
likes = 0
for post in coinsight.data.iterate(symbol="BTC", limit=100):
    per_platform[post["platform"]] += 1
    likes += post["likes"]
print(dict(per_platform), "likes:", likes)`,
  ),
};

/** /docs/alerts. */
export const alerts = {
  createCurl: run(
    'Create a price alert',
    'bash',
    `curl -s -X POST "${BASE_URL}/v1/alerts/create" \\
  -H "Authorization: Bearer $COINSIGHT_API_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: btc-100k-above" \\
  -d '{"symbol": "BTC", "price": 100000, "condition": "above", "email": true}'`,
  ),
  listCurl: run(
    'List your alerts',
    'bash',
    `curl -s "${BASE_URL}/v1/alerts" \\
  -H "Authorization: Bearer $COINSIGHT_API_KEY"`,
  ),
  deleteCurl: run(
    'Delete one',
    'bash',
    `curl -s -X DELETE "${BASE_URL}/v1/alerts/$ALERT_ID" \\
  -H "Authorization: Bearer $COINSIGHT_API_KEY"`,
  ),
  sdk: run(
    'Alerts with the SDK',
    'typescript',
    `${client}

// The same idempotencyKey twice creates one alert: safe to retry after a timeout.
const { alert } = await coinsight.alerts.create(
  { symbol: 'ETH', price: 2500, condition: 'below', email: false },
  { idempotencyKey: 'eth-2500-below' },
);
console.log('created', alert.id, alert.symbol, alert.condition, alert.threshold);

// A mention alert: fires when an hour brings at least this many posts naming the coin.
await coinsight.alerts.create({ kind: 'mentions', symbol: 'BTC', mentions: 50 });

const { data } = await coinsight.alerts.list();
console.log('armed:', data.filter((a) => a.active).length);

await coinsight.alerts.delete(alert.id);
console.log('deleted', alert.id);`,
  ),
  sdkPython: run(
    'Alerts in Python',
    'python',
    `${pyClient()}

# The same idempotency_key twice creates one alert: safe to retry after a timeout.
# (Without one, the SDK makes a key per call, so its own retries never create two.)
alert = coinsight.alerts.create(
    symbol="ETH", price=2500, condition="below", email=False, idempotency_key="alert-eth-2500-below"
)["alert"]
print("created", alert["id"], alert["symbol"], alert["condition"], alert["threshold"])

# A mention alert: fires when an hour brings at least this many posts naming the coin.
coinsight.alerts.create(kind="mentions", symbol="BTC", mentions=50)

armed = [a for a in coinsight.alerts.list()["data"] if a["active"]]
print("armed:", len(armed))

coinsight.alerts.delete(alert["id"])
print("deleted", alert["id"])`,
  ),
};

/**
 * The command line, `coinsight` (packages/cli): the same calls from a shell. The test runs them with
 * the built CLI on PATH and COINSIGHT_BASE_URL set to its server (the CLI's default is the public API).
 */
export const cli = {
  install: {
    title: 'Install the CLI from this server (or run it once: npx -y <this address>/downloads/coinsight-cli.tgz prices BTC,ETH)',
    language: 'bash',
    code: `npm install -g ${BASE_URL}/downloads/coinsight-cli.tgz`,
    kind: 'install',
  },
  prices: run('Prices as CSV', 'bash', 'coinsight prices BTC,ETH --format csv'),
  history: run(
    'Hourly candles, one JSON object a line',
    'bash',
    `coinsight history BTC --interval 1h --from $(( $(date +%s) - 86400 )) --format jsonl`,
  ),
  sentiment: run('Sentiment by source', 'bash', 'coinsight sentiment BTC ETH --sources twitter,instagram --format table'),
  dataAll: run(
    'Every matching post as CSV (progress on stderr; cells starting with = + - @ escaped)',
    'bash',
    `coinsight data --symbol BTC --min-likes 10 --all --format csv > btc-posts.csv
head -n 3 btc-posts.csv`,
  ),
  alerts: run(
    'Alerts from the command line',
    'bash',
    `coinsight alerts create ETH --below 2500 --no-email --format jsonl
coinsight alerts list --format csv`,
  ),
  timeseries: run('Mentions, sentiment and engagement per day as CSV', 'bash', 'coinsight timeseries BTC --interval 1d --format csv'),
  trending: run('Trending topics of the week', 'bash', 'coinsight trending --period 7d --limit 5 --format table'),
  watchlist: run(
    'Your watchlist',
    'bash',
    `coinsight watchlist set BTC ETH --format csv
coinsight watchlist --format jsonl`,
  ),
  usage: run('Calls used this month', 'bash', 'coinsight usage --format json'),
} satisfies Record<string, CodeExample>;

/** Every example, named, for the test that runs them. */
export const allExamples: Record<string, CodeExample> = Object.fromEntries(
  Object.entries({ install, setKey: { setKey }, quickStart, gettingStarted, dataAnalysis, alerts, cli }).flatMap(([group, entries]) =>
    Object.entries(entries as Record<string, CodeExample>).map(([name, example]) => [`${group}.${name}`, example]),
  ),
);

/** The code with `{{BASE_URL}}` replaced. */
export function withBaseUrl(code: string, baseUrl: string): string {
  return code.replaceAll(BASE_URL, baseUrl.replace(/\/+$/, ''));
}
