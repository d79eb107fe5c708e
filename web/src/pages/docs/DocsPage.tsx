import { PLANS, PRICE_MICROS_PER_1000_CALLS, PUBLIC_TEST_API_KEY } from '@coinsight/contracts';
import { allExamples, gettingStarted, install, quickStart, setKey } from '@coinsight/sdk/examples';
import { useState } from 'react';
import { Link } from 'react-router';
import { LinkCards } from '../../components/LinkCards';
import { Page } from '../../components/Page';
import { CodeBlock, Tabs } from '../../components/ui';
import { DocExample } from './DocExample';
import { DocTable } from './DocTable';
import { Downloads } from './Downloads';
import { onlyWays, wayOf } from './ways';
import { WaysIn } from './WaysIn';
import styles from './docs.module.css';
import { formatCount } from '../../lib/formatNumber';

const guides = [
  { to: '/docs/getting-started', title: 'Getting Started', text: 'Create an account, get an API key and make your first call.' },
  { to: '/docs/data-analysis', title: 'Data Analysis', text: 'Combine prices, mentions and sentiment to study the market.' },
  { to: '/docs/alerts', title: 'Price Alerts', text: 'Get notified when a symbol crosses a price.' },
];

type Manager = keyof typeof install;
/** The JavaScript package managers' lines; other install lines (pip, the CLI) go under their own way. */
const MANAGERS = (Object.keys(install) as Manager[]).filter((id) => wayOf(install[id]) === 'typescript');

// The guides show their own examples; the rest (the quick start's, and any of their own group) are
// the Python and CLI tabs here.
const GUIDE_GROUPS = new Set(['gettingStarted', 'dataAnalysis', 'alerts']);
const QUICK_START_WAYS = {
  curl: [gettingStarted.firstCallCurl],
  typescript: [quickStart.basicUsage],
  ...onlyWays(
    Object.entries(allExamples)
      .filter(([id]) => !GUIDE_GROUPS.has(id.split('.')[0] ?? ''))
      .map(([, example]) => example),
    ['python', 'cli'],
  ),
};

/** The stdio MCP server as docs/mcp.md configures it, the CLI from this server's /downloads/. */
const mcpConfig = (origin: string) =>
  JSON.stringify(
    {
      mcpServers: {
        coinsight: {
          command: 'npx',
          args: ['-y', `${origin}/downloads/coinsight-cli.tgz`, 'mcp'],
          env: { COINSIGHT_BASE_URL: origin, COINSIGHT_API_KEY: PUBLIC_TEST_API_KEY },
        },
      },
    },
    null,
    2,
  );

const count = (n: number) => formatCount(n);
const PRICE_PER_1000 = `$${(PRICE_MICROS_PER_1000_CALLS / 1_000_000).toFixed(2)} per 1,000 calls`;

const ERROR_CODES: readonly (readonly [string, string, string])[] = [
  ['400', 'bad_request', 'A parameter or the body is invalid; the message names the field.'],
  ['401', 'unauthorized', 'The key is missing, malformed, unknown or deleted.'],
  ['404', 'not_found', 'No such path, or no such alert on your account.'],
  ['409', 'conflict', 'The asset you named matches several; candidates lists them.'],
  ['413', 'payload_too_large', 'The body is too large.'],
  ['415', 'unsupported_media_type', 'The body is not JSON.'],
  ['422', 'idempotency_key_reused', 'The Idempotency-Key was already used with another body.'],
  ['429', 'rate_limited', 'Too many requests this minute; wait Retry-After seconds.'],
  ['429', 'quota_exceeded', "The Free plan's calls for this month are used up."],
  ['500', 'internal', 'Our failure; quote the requestId.'],
  ['503', 'unavailable', 'Briefly unavailable; retry after Retry-After seconds.'],
];

export default function DocsPage() {
  const [manager, setManager] = useState<Manager>('npm');
  const free = PLANS.free;
  const pro = PLANS.pro;
  return (
    <Page
      title="Docs"
      heading="Documentation"
      description="Install the Coinsight client, make your first call and learn the key concepts: authentication, rate limiting and error handling."
    >
      <article className={styles.article}>
        <h2>Quick start</h2>
        <p>
          Call the API now, without an account: the public test key <code>{PUBLIC_TEST_API_KEY}</code> is documented, not a secret.
        </p>
        <DocExample example={quickStart.tryIt} />
        <p>
          It answers every read (prices, history, mentions, sentiment, posts, usage) from a fixed test dataset, the same answer every time,
          as of 1 January 2026; it is never metered and allows 30 requests a minute from your address. It cannot write: creating or deleting
          an alert answers 403 <code>forbidden</code>, and it never sees live data. For live data and alerts, create your own key.
        </p>
        <p>
          Create an API key in <Link to="/settings?tab=api">Settings → API</Link> and keep it out of your code, in an environment variable:
        </p>
        <DocExample example={setKey} />

        <h3>Ways in</h3>
        <p>
          Call the API with any HTTP client (curl below) or one of our clients, each in its tab. This server serves the clients itself,
          built with it, at <code>/downloads/</code>: the install lines below use its address (the registry names{' '}
          <code>@coinsight/sdk</code>, <code>@coinsight/cli</code> and PyPI's <code>coinsight</code> once published). The TypeScript client,{' '}
          <code>@coinsight/sdk</code>, runs on Node.js 20 or newer and in browsers, uses the built-in <code>fetch</code> and has no
          dependencies; it reads <code>COINSIGHT_API_KEY</code> and <code>COINSIGHT_BASE_URL</code> when you pass no key or address. Every
          method returns the typed answer of its endpoint; the <Link to="/api">API reference</Link> lists them all.
        </p>
        <WaysIn
          label="Ways in"
          ways={QUICK_START_WAYS}
          before={{
            typescript: (
              <Tabs
                label="Package manager"
                selected={manager}
                onSelect={setManager}
                tabs={MANAGERS.map((id) => ({ id, label: id, content: <DocExample example={install[id]} /> }))}
              />
            ),
          }}
        />

        <h3>Downloads</h3>
        <p>
          The clients above, as this server serves them (<a href="/downloads/index.json">/downloads/index.json</a> lists the same with their
          addresses). The unversioned <code>coinsight-sdk.tgz</code> and <code>coinsight-cli.tgz</code> are the newest build of each; check
          a file you keep against its SHA-256 (<code>sha256sum</code>).
        </p>
        <Downloads />

        <h3>Agents</h3>
        <p>
          AI agents reach the same operations as MCP tools, each tool call one metered call with your key: run <code>coinsight mcp</code> as
          a stdio server in the agent's configuration, or connect it to <code>/mcp</code> over Streamable HTTP with the key as a bearer
          token. <a href="/llms.txt">/llms.txt</a> describes the API for them. A client that starts local servers (Claude Desktop, Cursor)
          takes:
        </p>
        <CodeBlock title="MCP configuration" language="json" code={mcpConfig(window.location.origin)} />

        <h2>Key concepts</h2>
        <h3>Authentication</h3>
        <p>
          Every call to <code>/v1</code> carries your API key in the <code>Authorization</code> header as a Bearer token:{' '}
          <code>Authorization: Bearer cs_live_…</code>. Keys are created in Settings → API once your email address is verified, and are
          shown only once. A key in a query string or a cookie is not accepted, and a deleted key fails on its next call. Keep keys on your
          servers: a key in a web page or an app can be read by anyone who has it.
        </p>
        <DocExample example={quickStart.authCurl} />

        <h3>Rate limiting</h3>
        <p>Each API key, and each account with all its keys together, may make the plan's requests in any minute:</p>
        <DocTable
          caption="Plans and limits"
          head={['Plan', 'Requests per minute', 'Calls per month']}
          rows={[
            [free.name, count(free.requestsPerMinute), `${count(free.monthlyQuota ?? 0)}, then 429 until the month ends; never billed`],
            [pro.name, count(pro.requestsPerMinute), `No cap; every call billed at ${PRICE_PER_1000}`],
          ]}
        />
        <p>
          Every answer to a call with a valid key carries <code>RateLimit-Policy</code> and <code>RateLimit</code>, the fields of the
          current IETF draft: the key&apos;s and the account&apos;s per-minute policies and, on Free, the monthly one, each with what is
          left (<code>r</code>) and the seconds until more (<code>t</code>). The older <code>RateLimit-Limit</code>,{' '}
          <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code> (seconds until the window resets) come too. Past the limit the
          answer is <code>429</code> with code <code>rate_limited</code> and a <code>Retry-After</code> header; a Free account past its
          month gets <code>429</code> with code <code>quota_exceeded</code>. The SDK waits and retries a <code>rate_limited</code> answer by
          itself (twice by default), never a used-up quota. Only successful (2xx) calls count toward the month; <code>GET /v1/usage</code>{' '}
          tells you where you stand, and is never counted itself.
        </p>
        <DocExample example={quickStart.rateLimitsCurl} />
        <DocExample example={quickStart.usageCurl} />

        <h3>Error handling</h3>
        <p>
          Every error has one shape, <code>{'{ "error": { "code", "message", "requestId" } }'}</code>, and the same request id is in the{' '}
          <code>X-Request-Id</code> header of every answer. Branch on <code>code</code>, show <code>message</code>, and quote{' '}
          <code>requestId</code> when you write to support.
        </p>
        <DocExample example={quickStart.errorsCurl} />
        <DocTable
          caption="Error codes"
          head={['Status', 'Code', 'Meaning']}
          rows={ERROR_CODES.map(([s, c, m]) => [s, <code key={c}>{c}</code>, m])}
        />
        <p>
          The SDK throws a <code>CoinsightError</code> carrying <code>status</code>, <code>code</code>, <code>message</code> and{' '}
          <code>requestId</code>. Before it does, it retries <code>429</code> and <code>5xx</code> answers and network failures with
          jittered backoff, honouring <code>Retry-After</code>. A POST is retried under one <code>Idempotency-Key</code>, yours (
          <code>idempotencyKey</code>) or one the client makes for the call, so a retry never acts twice. Successful answers carry their{' '}
          <code>requestId</code> and rate-limit state on <code>answer.meta</code>.
        </p>
        <DocExample example={quickStart.errorsSdk} />
        <DocExample example={quickStart.errorsPython} />

        <h2>Guides</h2>
        <LinkCards cards={guides} />
        <p>
          The machine-readable reference is the OpenAPI 3.1 document at <a href="/v1/openapi.json">/v1/openapi.json</a>; the{' '}
          <Link to="/api">API page</Link> and the <Link to="/sandbox">Sandbox</Link> are built from it.
        </p>
      </article>
    </Page>
  );
}
