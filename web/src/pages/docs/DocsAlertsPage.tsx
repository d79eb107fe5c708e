import { MAIL_BUDGET, PLANS, WEBHOOK_LEGACY_SIGNATURE_SUNSET } from '@coinsight/contracts';
import { alerts } from '@coinsight/sdk/examples';
import { Link } from 'react-router';
import { Page } from '../../components/Page';
import { DocExample } from './DocExample';
import { onlyWays } from './ways';
import { WaysIn } from './WaysIn';
import { DocTable } from './DocTable';
import styles from './docs.module.css';

const CLIENT_WAYS = { typescript: [alerts.sdk], ...onlyWays(Object.values(alerts), ['python', 'cli']) };

export default function DocsAlertsPage() {
  return (
    <Page
      title="Alerts"
      heading="Price Alerts"
      description="Set an alert on a symbol's price with a condition and an optional email address, and Coinsight notifies you when the market crosses it."
    >
      <article className={styles.article}>
        <h2>Create an alert</h2>
        <p>
          <code>POST /v1/alerts/create</code> with a JSON body. A price alert fires once when the price goes above or below your threshold;
          you see it under Alerts in the app, by email when <code>email</code> is true, and at your webhook, Slack, Discord or Telegram if
          you gave one. Change, sentiment and spike alerts catch moves: a percent move, a mood, more mentions than usual.
        </p>
        <DocTable
          caption="Alert fields"
          head={['Field', 'Type', 'Meaning']}
          rows={[
            [<code key="s">symbol</code>, 'string', 'The asset: ticker, name or id (BTC, Bitcoin, bitcoin).'],
            [<code key="p">price</code>, 'number', 'The threshold in USD, greater than 0.'],
            [<code key="c">condition</code>, 'above | below', 'Fires when the price rises above or falls below it.'],
            [<code key="e">email</code>, 'boolean', 'Mail you when it fires. Default true; needs a confirmed email address.'],
            [
              <code key="k">kind</code>,
              'price | mentions | change | sentiment | spike',
              'Default price. The other kinds take their own fields below instead of price.',
            ],
            [
              <code key="m">mentions</code>,
              'integer',
              'For kind mentions: fires when an hour brings more than this many posts naming the coin.',
            ],
            [
              <code key="pc">percent</code>,
              'number',
              'For kind change, with window (1h or 24h): fires when the price has moved by at least this percent, up or down.',
            ],
            [
              <code key="sc">score</code>,
              'number 0–1',
              "For kind sentiment, with condition: the last 24 hours' mean sentiment at or above, or at or below, it.",
            ],
            [
              <code key="f">factor</code>,
              'number ≥ 1.5',
              'For kind spike: fires when an hour brings more than this many times the mentions usual for that hour over the past 7 days.',
            ],
            [
              <code key="r">repeat</code>,
              '{ cooldownMinutes }',
              'Optional: fire again after the cooldown, once the condition has stopped holding in between. Without it an alert fires once.',
            ],
            [<code key="w">webhookUrl</code>, 'string', 'Optional http(s) URL that receives the signed alert when it fires.'],
            [
              <code key="ch">slackWebhookUrl, discordWebhookUrl, telegramChatId</code>,
              'string',
              "Optional: also post it to a Slack or Discord webhook, or send it to a Telegram chat through the server's bot.",
            ],
          ]}
        />
        <DocExample example={alerts.createCurl} />
        <p>
          The answer is <code>201</code> with the alert. The <code>Idempotency-Key</code> header makes the call safe to repeat: the same key
          with the same body within 24 hours answers the first alert again (with <code>Idempotent-Replayed: true</code>) and creates
          nothing; the same key with another body is a <code>422</code>. Use one key per alert you mean to create, such as an order id.
        </p>
        <p>
          A <code>403</code> says why the alert cannot be made: email needs a confirmed address (send <code>&quot;email&quot;: false</code>{' '}
          for an in-app alert), or your plan&apos;s limit is reached: {PLANS.free.limits.activeAlerts} active alerts and{' '}
          {PLANS.free.limits.webhookAlerts} with a webhook or chat channel on Free, {PLANS.pro.limits.activeAlerts} and{' '}
          {PLANS.pro.limits.webhookAlerts} on Pro (see <Link to="/pricing">pricing</Link>). An account sends at most {MAIL_BUDGET.perHour}{' '}
          emails an hour; past that, alerts still notify you in the app.
        </p>

        <h2>List and delete</h2>
        <p>
          <code>GET /v1/alerts</code> lists your alerts with whether each is still armed and when it fired. Delete one by its id:
        </p>
        <DocExample example={alerts.listCurl} />
        <DocExample example={alerts.deleteCurl} />
        <p>
          Another account&apos;s alert answers <code>404</code>, exactly like one that does not exist.
        </p>

        <h2>With a client</h2>
        <WaysIn label="Client" ways={CLIENT_WAYS} />

        <h2>Webhooks</h2>
        <p>
          With <code>webhookUrl</code>, a firing alert is POSTed there as JSON, signed per{' '}
          <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> (<code>webhook-id</code>, <code>webhook-timestamp</code>,{' '}
          <code>webhook-signature</code>), so the <code>standardwebhooks</code> libraries verify it with your account&apos;s{' '}
          <code>whsec_</code> signing secret from <Link to="/settings?tab=api">Settings → API</Link>. The older{' '}
          <code>Coinsight-Signature</code> header is deprecated and sent until {WEBHOOK_LEGACY_SIGNATURE_SUNSET}. Failed deliveries are
          retried with backoff, and each attempt is listed there. The address must resolve to a public one: loopback, private and link-local
          addresses are refused.
        </p>
      </article>
    </Page>
  );
}
