import { formatUsd, PLANS, PRICE_MICROS_PER_1000_CALLS, type Plan } from '@coinsight/contracts';
import { allExamples, cli, gettingStarted, install, withBaseUrl } from '@coinsight/sdk/examples';
import { Link } from 'react-router';
import { FormAlert } from '../../components/forms';
import { Page } from '../../components/Page';
import { Button, Card } from '../../components/ui';
import { onlyWays } from '../docs/ways';
import { WaysIn } from '../docs/WaysIn';
import { EndpointList } from './EndpointList';
import { REFERENCE_FAILED_MESSAGE, useApiReference } from './useApiReference';
import styles from './Api.module.css';
import { formatCount } from '../../lib/formatNumber';

function monthlyCalls(plan: Plan): string {
  const billed = plan.billed ? `every call billed at ${formatUsd(PRICE_MICROS_PER_1000_CALLS)} per 1,000` : 'never billed';
  return plan.monthlyQuota === null
    ? `no monthly cap, ${billed}`
    : `${formatCount(plan.monthlyQuota)} calls a month, then 429 until the next month; ${billed}`;
}

// The first call each way in: curl and the TypeScript client from the getting-started guide; for
// Python and the CLI their install line and first example wherever they are (getting started first).
const firstOf = <T,>(list: readonly T[] | undefined) => list?.slice(0, 1) ?? [];
const elsewhere = onlyWays([...Object.values(gettingStarted), ...Object.values(allExamples)], ['python', 'cli']);
const WAYS_IN = {
  curl: [gettingStarted.firstCallCurl],
  typescript: [install.npm, gettingStarted.firstCallSdk],
  python: [
    ...firstOf(elsewhere.python?.filter((e) => e.kind === 'install')),
    ...firstOf(elsewhere.python?.filter((e) => e.kind === 'run')),
  ],
  cli: [...firstOf(elsewhere.cli?.filter((e) => e.kind === 'install')), ...firstOf(elsewhere.cli?.filter((e) => e.kind === 'run'))],
};

/** An install line with this site's address, where the server serves its clients. */
const here = (code: string) => withBaseUrl(code, window.location.origin);

export default function ApiPage() {
  const reference = useApiReference();
  return (
    <Page
      title="API"
      heading="API Reference"
      description="Every request to the Coinsight API is authenticated with your API key, sent as a Bearer token in the Authorization header; you create keys from your dashboard. This reference lists the rate limits, each endpoint and the client libraries."
    >
      <Card title="Authentication" aria-label="Authentication">
        <p>
          Send your API key in the <code>Authorization</code> header of every request, as a Bearer token. Keys are accepted in this header
          only, never in the URL.
        </p>
        <pre className={styles.code}>
          <code>Authorization: Bearer cs_live_…</code>
        </pre>
        <p>
          Create and manage keys from your <Link to="/dashboard">dashboard</Link> (<Link to="/settings?tab=api">Settings, API keys</Link>).
          A key is shown once, when you create it.
        </p>
      </Card>

      <Card title="Rate limits" aria-label="Rate limits">
        <ul className={styles.plainList} aria-label="Limits per plan">
          {Object.values(PLANS).map((plan) => (
            <li key={plan.id}>
              <strong>{plan.name}:</strong> {formatCount(plan.requestsPerMinute)} requests per minute; {monthlyCalls(plan)}.
            </li>
          ))}
        </ul>
        <p>
          Every answer carries <code>RateLimit-Policy</code> and <code>RateLimit</code> (the current IETF draft: per-key, per-account and
          monthly policies) and the older <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code>;
          past a limit the answer is <code>429</code> with <code>Retry-After</code> in seconds. See <Link to="/pricing">Pricing</Link>.
        </p>
      </Card>

      <section className={styles.section} aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading" className={styles.sectionTitle}>
          Endpoints
        </h2>
        {reference.data ? (
          <EndpointList operations={reference.data.operations} />
        ) : reference.isError ? (
          <div className={styles.stack}>
            <FormAlert tone="error">{REFERENCE_FAILED_MESSAGE}</FormAlert>
            <div>
              <Button size="sm" variant="secondary" onClick={() => void reference.refetch()}>
                Try again
              </Button>
            </div>
          </div>
        ) : (
          <p className={styles.muted} role="status">
            Loading endpoints…
          </p>
        )}
      </section>

      <Card title="Ways in" aria-label="Ways in">
        <p>
          The same first call with curl (any HTTP client works) and with each of our clients, one tab each; the{' '}
          <Link to="/docs">documentation</Link> has more, every example run against the API by our tests.
        </p>
        <WaysIn label="Ways in" ways={WAYS_IN} />
      </Card>

      <Card title="SDKs" aria-label="SDKs">
        <ul className={styles.plainList} aria-label="Client libraries">
          <li>
            <strong>Node.js:</strong> <code className={styles.installLine}>{here(install.npm.code)}</code>, a typed client that retries
            rate-limited calls; see the <Link to="/docs">documentation</Link>.
          </li>
          <li>
            <strong>Python:</strong> the <code>coinsight</code> package (standard library only, Python 3.9 or newer), with the same methods,
            typed answers and retries: <code className={styles.installLine}>{here(install.pip.code)}</code>; see the{' '}
            <Link to="/docs">documentation</Link>.
          </li>
          <li>
            <strong>Java:</strong> not available yet.
          </li>
        </ul>
        <p>
          The command line, <code>coinsight</code> (<code className={styles.installLine}>{here(cli.install.code)}</code>), prints any call
          as a table, JSON, JSON Lines or CSV. Any HTTP client works too: send the key as shown above, as the curl examples do. This server
          serves these clients itself, built with it (<a href="/downloads/index.json">files and checksums</a>); the registry names{' '}
          <code>@coinsight/sdk</code>, <code>@coinsight/cli</code> and <code>coinsight</code> apply once published.
        </p>
      </Card>

      <Card title="Agents" aria-label="Agents">
        <p>
          The same operations are MCP tools for AI agents, each tool call one metered call with your key: over stdio with{' '}
          <code>coinsight mcp</code>, or over Streamable HTTP at <code>/mcp</code> with the key as a bearer token.{' '}
          <a href="/llms.txt">/llms.txt</a> describes the API for agents.
        </p>
      </Card>
    </Page>
  );
}
