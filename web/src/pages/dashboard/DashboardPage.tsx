import { PLANS, type ApiKey, type UsageSummary } from '@coinsight/contracts';
import { Link } from 'react-router';
import { useSignedInUser } from '../../app/session';
import { Page } from '../../components/Page';
import { Card } from '../../components/ui';
import { Time } from '../../components/Time';
import { formatCount } from '../../lib/formatNumber';
import { trpc } from '../../lib/trpc';
import { alertState, describeAlert } from '../alerts/alertText';
import { checklistState, FirstRunChecklist } from './FirstRunChecklist';
import { RecentTasks } from './RecentTasks';
import { Watchlist } from './Watchlist';
import styles from './Dashboard.module.css';

export const RECENT_FIRINGS = 5;

function lastUse(keys: readonly ApiKey[]): string | null {
  const used = keys.map((key) => key.lastUsedAt).filter((at): at is string => at !== null);
  return used.length > 0 ? used.reduce((latest, at) => (at > latest ? at : latest)) : null;
}

/** This month's calls against the plan's quota, as the billing tab and GET /v1/usage count them. */
function UsageCard({ usage, failed, keys }: { usage: UsageSummary | undefined; failed: boolean; keys: readonly ApiKey[] | undefined }) {
  const last = keys ? lastUse(keys) : null;
  return (
    <Card title="Usage this month" aria-label="Usage this month">
      {usage === undefined ? (
        <p className={styles.muted}>{failed ? 'Usage could not be loaded.' : 'Loading usage…'}</p>
      ) : (
        <>
          <p className={styles.figure}>
            <span className={styles.figureValue}>{formatCount(usage.calls)}</span>
            {usage.quota === null ? 'calls this month' : `of ${formatCount(usage.quota)} calls this month`}
          </p>
          {usage.quota === null ? null : (
            <meter
              className={styles.meter}
              min={0}
              max={usage.quota}
              value={Math.min(usage.calls, usage.quota)}
              aria-label="Share of the monthly quota used"
            >
              {formatCount(usage.calls)} of {formatCount(usage.quota)}
            </meter>
          )}
          <p className={styles.muted}>
            {PLANS[usage.plan].name} plan
            {usage.remaining === null ? '' : ` · ${formatCount(usage.remaining)} calls left`}
            {PLANS[usage.plan].billed ? ` · ${usage.costUsd} so far` : ''}
            {last ? (
              <>
                {' · last call '}
                <Time value={last} />
              </>
            ) : (
              ' · no calls yet'
            )}
          </p>
        </>
      )}
      <p>
        <Link to="/settings?tab=billing">Billing and plan</Link>
      </p>
    </Card>
  );
}

function KeysCard({ keys }: { keys: readonly ApiKey[] | undefined }) {
  return (
    <Card title="API keys" aria-label="API keys">
      {keys === undefined ? (
        <p className={styles.muted}>Loading keys…</p>
      ) : (
        <p className={styles.figure}>
          <span className={styles.figureValue}>{formatCount(keys.length)}</span> {keys.length === 1 ? 'key' : 'keys'}
        </p>
      )}
      <p>
        <Link to="/settings?tab=api">Manage API keys</Link> · <Link to="/sandbox">Open the Sandbox</Link>
      </p>
    </Card>
  );
}

function AlertsCard() {
  const alerts = trpc.alerts.list.useQuery();
  const firings = trpc.alerts.notifications.list.useQuery({ page: 1, limit: RECENT_FIRINGS });
  // Armed: a repeating alert that fired is still watching; a one-off one waits to be re-armed.
  const active = alerts.data?.filter((alert) => alertState(alert) === 'armed');
  // A firing's kind is `<alert kind>-alert`; a failed channel's notice (`channel-failed`) names an alert too but is no firing.
  const fired = firings.data?.notifications.filter((notification) => notification.alertId !== null && notification.kind.endsWith('-alert'));
  return (
    <Card title="Alerts" aria-label="Alerts">
      {active === undefined ? (
        <p className={styles.muted}>{alerts.isError ? 'Alerts could not be loaded.' : 'Loading alerts…'}</p>
      ) : (
        <>
          <p className={styles.figure}>
            <span className={styles.figureValue}>{formatCount(active.length)}</span> active
          </p>
          {active.length > 0 ? (
            <ul className={styles.list} aria-label="Active alerts">
              {active.slice(0, RECENT_FIRINGS).map((alert) => (
                <li key={alert.id}>{describeAlert(alert)}</li>
              ))}
            </ul>
          ) : null}
        </>
      )}
      <h3 className={styles.subTitle}>Recent firings</h3>
      {fired === undefined ? (
        <p className={styles.muted}>{firings.isError ? 'Firings could not be loaded.' : 'Loading…'}</p>
      ) : fired.length === 0 ? (
        <p className={styles.muted}>None yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Recent firings">
          {fired.map((notification) => (
            <li key={notification.id}>
              {notification.title} <Time className={styles.muted} value={notification.createdAt} />
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/alerts">Manage alerts</Link>
      </p>
    </Card>
  );
}

export default function DashboardPage() {
  const user = useSignedInUser();
  // Read fresh while unconfirmed: the link may have been opened in another tab since sign-in.
  const me = trpc.auth.me.useQuery(undefined, { enabled: !user.emailVerified, refetchOnWindowFocus: true });
  const verified = user.emailVerified || me.data?.emailVerified === true;
  const keys = trpc.apiKeys.list.useQuery(undefined, { refetchOnWindowFocus: true });
  const billing = trpc.billing.summary.useQuery(undefined, { refetchOnWindowFocus: true });
  const calls = billing.data?.usage.calls ?? 0;

  return (
    <Page title="Dashboard" description="Your overview of API usage, keys, price alerts and the markets you follow.">
      {keys.data ? <FirstRunChecklist state={checklistState(verified, keys.data, calls)} email={user.email} /> : null}
      <div className={styles.grid}>
        <UsageCard usage={billing.data?.usage} failed={billing.isError} keys={keys.data} />
        <KeysCard keys={keys.data} />
      </div>
      <div className={styles.grid}>
        <AlertsCard />
        <Watchlist />
      </div>
      <RecentTasks />
    </Page>
  );
}
