import { cli, gettingStarted, install, setKey } from '@coinsight/sdk/examples';
import { Link } from 'react-router';
import { Page } from '../../components/Page';
import { DocExample } from './DocExample';
import { onlyWays } from './ways';
import { WaysIn } from './WaysIn';
import styles from './docs.module.css';

const CLIENT_WAYS = {
  typescript: [install.npm, gettingStarted.firstCallSdk],
  // The CLI's own guide examples (every command) sit in its tab here, the one page that shows them all.
  ...onlyWays([...Object.values(gettingStarted), ...Object.values(cli)], ['python', 'cli']),
};

export default function DocsGettingStartedPage() {
  return (
    <Page title="Getting Started" description="Create an account, generate an API key and make your first request to the Coinsight API.">
      <article className={styles.article}>
        <h2>1. Create an account</h2>
        <p>
          <Link to="/signup">Sign up</Link> with your email address and a password. We send you a mail with a confirmation link: open it to
          verify your address. The web app works without it, but API keys need a verified address, which keeps the free tier for real users.
        </p>

        <h2>2. Create an API key</h2>
        <p>
          In <Link to="/settings?tab=api">Settings → API</Link>, name a key (say, after the program that will use it) and create it. The
          secret, starting with <code>cs_live_</code>, is shown once: copy it then. Only a hash of it is stored, so a lost key cannot be
          shown again: delete it and make another. Keep it in an environment variable rather than in your code:
        </p>
        <DocExample example={setKey} />

        <h2>3. Make your first call</h2>
        <p>
          Ask for the current prices of Bitcoin and Ethereum. The key goes in the <code>Authorization</code> header:
        </p>
        <DocExample example={gettingStarted.firstCallCurl} />
        <p>
          The answer lists each asset in the order you named them, with its <code>price</code> in USD, <code>change24h</code> (percent),{' '}
          <code>volume24h</code> and <code>marketCap</code>, and the time each price was taken. Every answer also carries <code>asOf</code>,
          the time its data is as of. Other endpoints take an asset by ticker (<code>BTC</code>, <code>btc</code>), name (
          <code>Bitcoin</code>) or id (<code>bitcoin</code>); the <Link to="/api">API reference</Link> lists them all.
        </p>

        <h2>4. Use a client</h2>
        <p>
          The same call, and how many calls you have used this month, with a client library or the command line. Each reads your key from{' '}
          <code>COINSIGHT_API_KEY</code>, retries rate-limited calls for you and tells you the request id of every answer.
        </p>
        <WaysIn label="Client" ways={CLIENT_WAYS} />

        <h2>Next steps</h2>
        <ul>
          <li>
            <Link to="/docs">Key concepts</Link>: authentication, rate limits and errors.
          </li>
          <li>
            <Link to="/docs/data-analysis">Data analysis</Link>: prices, mentions, sentiment and posts together.
          </li>
          <li>
            <Link to="/docs/alerts">Price alerts</Link>: be told when a coin crosses a price.
          </li>
          <li>
            <Link to="/sandbox">Sandbox</Link>: try every endpoint in the browser with your key.
          </li>
        </ul>
      </article>
    </Page>
  );
}
