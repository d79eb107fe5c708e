// Every code example of the web app's /docs pages, in one place (issue 12). The pages render
// them; api/src/v1/docs-examples.int.test.ts runs them against a listening server: the shell
// ones with bash and curl, the TypeScript ones as files importing the built SDK. So the docs
// cannot drift from the API. `{{BASE_URL}}` stands for where the API is served: the pages put
// their own origin there, the test its server.

export const BASE_URL = '{{BASE_URL}}';

export interface CodeExample {
  /** Shown as the block's label. */
  title: string;
  language: 'bash' | 'typescript' | 'python';
  code: string;
  /**
   * How the test treats it: `run` is executed; `install` names the package (not installed from
   * the registry by a test); `setup` sets a shell variable the other examples read.
   */
  kind: 'run' | 'install' | 'setup';
}

const run = (title: string, language: CodeExample['language'], code: string): CodeExample => ({ title, language, code, kind: 'run' });

const client = `import { Coinsight } from '@coinsight/sdk';

const coinsight = new Coinsight({ apiKey: process.env.COINSIGHT_API_KEY, baseUrl: '${BASE_URL}' });`;

export const install = {
  npm: { title: 'npm', language: 'bash', code: 'npm install @coinsight/sdk', kind: 'install' },
  yarn: { title: 'yarn', language: 'bash', code: 'yarn add @coinsight/sdk', kind: 'install' },
  pnpm: { title: 'pnpm', language: 'bash', code: 'pnpm add @coinsight/sdk', kind: 'install' },
} satisfies Record<string, CodeExample>;

export const setKey: CodeExample = {
  title: 'Keep the key in an environment variable',
  language: 'bash',
  code: 'export COINSIGHT_API_KEY="cs_live_your_key_here"',
  kind: 'setup',
};

/** /docs: the quick start and the key concepts. */
export const quickStart = {
  basicUsage: run(
    'Basic usage',
    'typescript',
    `${client}

const { symbols } = await coinsight.market.sentiment({ symbols: ['BTC', 'ETH'] });
for (const coin of symbols) {
  console.log(coin.symbol, coin.label ?? 'no posts yet', \`(\${coin.posts} posts)\`);
}`,
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
};

/** Every example, named, for the test that runs them. */
export const allExamples: Record<string, CodeExample> = Object.fromEntries(
  Object.entries({ install, setKey: { setKey }, quickStart, gettingStarted, dataAnalysis, alerts }).flatMap(([group, entries]) =>
    Object.entries(entries as Record<string, CodeExample>).map(([name, example]) => [`${group}.${name}`, example]),
  ),
);

/** The code with `{{BASE_URL}}` replaced. */
export function withBaseUrl(code: string, baseUrl: string): string {
  return code.replaceAll(BASE_URL, baseUrl.replace(/\/+$/, ''));
}
