import {
  ALERT_MAIL_PREFERENCE,
  MAIL_BUDGET_MESSAGES,
  MENTION_ALERT_WINDOW_MS,
  NOTIFICATION_PREFERENCES,
  formatPrice,
} from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import { sql, type Selection } from 'kysely';
import type { NoInput } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { refundMailBudget, trySpendMailBudget } from '../mail/budget.js';
import { sendMail } from '../mail/send.js';
import { alertFiredEvent } from '../webhooks/events.js';

export type AlertCheckDeps = Pick<ServiceDeps, 'db' | 'log' | 'mailer' | 'publicUrl' | 'limits' | 'now'>;

/** A tick older than this does not fire price alerts: a stopped feed's last price is not news. */
const PRICE_FRESH_MS = 3_600_000;

/** What the check reads back of each alert it fires: its notification, webhook event and mail. */
const FIRED_COLUMNS = ['id', 'user_id', 'kind', 'symbol', 'condition', 'threshold', 'email', 'fired_value', 'webhook_url'] as const;

/** A fired alert's row; its fired_value was set by the statement that fired it. */
type FiredAlert = Selection<Database, 'alerts', (typeof FIRED_COLUMNS)[number]> & { fired_value: number };

function describe(alert: FiredAlert): { title: string; body: string } {
  if (alert.kind === 'price') {
    return {
      title: `${alert.symbol} is ${alert.condition} ${formatPrice(alert.threshold)}`,
      body: `${alert.symbol} reached ${formatPrice(alert.fired_value)}; your alert was set for ${alert.condition} ${formatPrice(alert.threshold)}.`,
    };
  }
  return {
    title: `${alert.symbol}: ${alert.fired_value} mentions in the last hour`,
    body: `${alert.symbol} was mentioned in ${alert.fired_value} posts in the last hour; your alert was set for above ${alert.threshold}.`,
  };
}

/**
 * Fires every armed alert the data at `now` crosses: a price alert on the latest tick of its
 * asset, a mention alert on the posts naming its symbol in the last hour. The claim is one
 * UPDATE … WHERE fired_at IS NULL … RETURNING: a second worker checking at the same moment
 * waits for the first one's row locks, re-reads fired_at and skips, so an alert fires once.
 * Its in-app notification, and its webhook delivery when it has a URL (the outbox the
 * webhook-deliver job sends from), are written in the same transaction; mail goes after the commit.
 */
export async function checkAlerts(deps: AlertCheckDeps, _input: NoInput): Promise<{ fired: number }> {
  const now = deps.now();
  const fired = await deps.db.transaction().execute(async (trx) => {
    const result = await sql<FiredAlert>`
      with latest as (
        select distinct on (asset) asset, price
        from price_ticks
        where time <= ${now} and time > ${new Date(now.getTime() - PRICE_FRESH_MS)}
        order by asset, time desc
      ),
      crossed as (
        select a.id, l.price as value
        from alerts a join latest l on l.asset = a.symbol
        where a.kind = 'price' and a.active and a.fired_at is null
          and case a.condition when 'above' then l.price >= a.threshold else l.price <= a.threshold end
        union all
        select a.id, m.mentions
        from alerts a cross join lateral (
          select count(*)::float8 as mentions from posts p
          where p.symbols @> array[a.symbol] and p.created_at > ${new Date(now.getTime() - MENTION_ALERT_WINDOW_MS)}
            and p.created_at <= ${now}
        ) m
        where a.kind = 'mentions' and a.active and a.fired_at is null and m.mentions > a.threshold
      )
      update alerts a set fired_at = ${now}, fired_value = crossed.value
      from crossed
      where a.id = crossed.id and a.active and a.fired_at is null
      returning ${sql.join(FIRED_COLUMNS.map((column) => sql.ref(`a.${column}`)))}`.execute(trx);
    if (result.rows.length > 0) {
      await trx
        .insertInto('notifications')
        .values(
          result.rows.map((alert) => ({
            user_id: alert.user_id,
            kind: `${alert.kind}-alert`,
            alert_id: alert.id,
            created_at: now,
            ...describe(alert),
          })),
        )
        .execute();
    }
    const hooked = result.rows.filter((alert) => alert.webhook_url !== null);
    if (hooked.length > 0) {
      await trx
        .insertInto('webhook_deliveries')
        .values(
          hooked.map((alert) => ({
            alert_id: alert.id,
            user_id: alert.user_id,
            url: alert.webhook_url ?? '',
            payload: JSON.stringify(alertFiredEvent(alert, now)),
            next_attempt_at: now,
          })),
        )
        .execute();
    }
    return result.rows;
  });
  if (fired.length > 0) {
    deps.log.info({ fired: fired.length }, 'alerts fired');
    await mailFiredAlerts(deps, fired, now);
  }
  return { fired: fired.length };
}

/**
 * Mails the fired alerts that want it, to the owner's address only while it is verified at this
 * moment (it may have changed since the alert was made), and only within the account's mail
 * budget: past it the mail is held back and the in-app notification says so (docs/security.md §25).
 */
async function mailFiredAlerts(deps: AlertCheckDeps, fired: readonly FiredAlert[], now: Date): Promise<void> {
  const wanted = fired.filter((alert) => alert.email);
  if (wanted.length === 0) return;
  const userIds = [...new Set(wanted.map((alert) => alert.user_id))];
  const [users, prefs] = await Promise.all([
    deps.db.selectFrom('users').select(['id', 'email', 'email_verified_at']).where('id', 'in', userIds).execute(),
    deps.db.selectFrom('notification_prefs').select(['user_id', 'pref', 'enabled']).where('user_id', 'in', userIds).execute(),
  ]);
  const owners = new Map(users.map((user) => [user.id, user]));
  const chosen = new Map(prefs.map((row) => [`${row.user_id} ${row.pref}`, row.enabled]));
  const marketUrl = new URL('/market', deps.publicUrl).toString();
  const heldBack: number[] = [];
  for (const alert of wanted) {
    const pref = ALERT_MAIL_PREFERENCE[alert.kind];
    const enabled = chosen.get(`${alert.user_id} ${pref}`) ?? NOTIFICATION_PREFERENCES.find((p) => p.id === pref)?.enabled ?? false;
    const user = owners.get(alert.user_id);
    if (!enabled || user === undefined) continue;
    if (user.email_verified_at === null) {
      deps.log.info({ alertId: alert.id, userId: alert.user_id }, 'alert mail not sent: the address is not verified');
      continue;
    }
    if (!(await trySpendMailBudget(deps, alert.user_id))) {
      heldBack.push(alert.id);
      deps.log.warn({ alertId: alert.id, userId: alert.user_id }, 'alert mail held back: the account reached its mail budget');
      continue;
    }
    const { title, body } = describe(alert);
    try {
      await sendMail(deps, {
        message: {
          to: user.email,
          subject: `Coinsight alert: ${title}`,
          text: [body, '', `See the market: ${marketUrl}`, '', 'This alert will not fire again until you re-arm it.'].join('\n'),
        },
        when: 'now',
      });
    } catch (error) {
      // The alert has fired and its notification is stored; a lost mail must not fire it again.
      await refundMailBudget(deps, alert.user_id).catch(() => undefined);
      deps.log.error({ err: error, alertId: alert.id }, 'alert mail failed');
    }
  }
  if (heldBack.length > 0) {
    // The owner reads in the app why no mail came.
    await deps.db
      .updateTable('notifications')
      .set({ body: sql<string>`body || ${` ${MAIL_BUDGET_MESSAGES.alertHeldBack}`}` })
      .where('alert_id', 'in', heldBack)
      .where('created_at', '=', now)
      .execute();
  }
}
