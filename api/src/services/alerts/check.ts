import {
  ALERT_MAIL_PREFERENCE,
  CHANGE_WINDOW_MS,
  MAIL_BUDGET_MESSAGES,
  MENTION_ALERT_WINDOW_MS,
  NOTIFICATION_PREFERENCES,
  SENTIMENT_ALERT_WINDOW_MS,
  SPIKE_BASELINE_DAYS,
  formatPrice,
  type ChangeWindow,
} from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import { sql, type Selection } from 'kysely';
import type { NoInput } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { refundMailBudget, trySpendMailBudget } from '../mail/budget.js';
import { accountRecipients } from '../mail/recipients.js';
import { sendMail } from '../mail/send.js';
import { channelMessages } from '../webhooks/channels.js';
import { alertFiredEvent } from '../webhooks/events.js';

export type AlertCheckDeps = Pick<ServiceDeps, 'db' | 'log' | 'mailer' | 'publicUrl' | 'limits' | 'now'>;

/** A tick older than this does not fire price alerts: a stopped feed's last price is not news. */
const PRICE_FRESH_MS = 3_600_000;
const HOUR_MS = 3_600_000;

/** What the check reads back of each alert it fires: its notification, channel deliveries and mail. */
const FIRED_COLUMNS = [
  'id',
  'user_id',
  'kind',
  'symbol',
  'condition',
  'threshold',
  'email',
  'fired_value',
  'webhook_url',
  'change_window',
  'cooldown_minutes',
  'slack_webhook_url',
  'discord_webhook_url',
  'telegram_chat_id',
] as const;

/** A fired alert's row; its fired_value was set by the statement that fired it. */
type FiredAlert = Selection<Database, 'alerts', (typeof FIRED_COLUMNS)[number]> & { fired_value: number };

/** A fired alert with its words (describeFired), written once for its notification, channels and mail. */
type DescribedAlert = { alert: FiredAlert; title: string; body: string };

const round = (value: number, digits: number) => Number(value.toFixed(digits));
/** A move as its reader needs it: always signed, two decimals, and a tiny move that fired never shown as 0%. */
const signedPercent = (value: number) => {
  const size = Math.abs(value);
  const digits = size >= 0.01 || size === 0 ? 2 : Math.min(20, 1 - Math.floor(Math.log10(size)));
  return `${value < 0 ? '-' : '+'}${size.toFixed(digits).replace(/\.?0+$/, '')}%`;
};

export function describeFired(alert: FiredAlert): { title: string; body: string } {
  const { symbol, condition, threshold, fired_value: value } = alert;
  switch (alert.kind) {
    case 'price':
      return {
        title: `${symbol} is ${condition} ${formatPrice(threshold)}`,
        body: `${symbol} reached ${formatPrice(value)}; your alert was set for ${condition} ${formatPrice(threshold)}.`,
      };
    case 'mentions':
      return {
        title: `${symbol}: ${value} mentions in the last hour`,
        body: `${symbol} was mentioned in ${value} posts in the last hour; your alert was set for above ${threshold}.`,
      };
    case 'change': {
      const window = alert.change_window === '24h' ? '24 hours' : 'hour';
      return {
        title: `${symbol} moved ${signedPercent(value)} in the last ${window}`,
        body: `${symbol} moved ${signedPercent(value)} over the last ${window}; your alert was set for a move of ${threshold}% either way.`,
      };
    }
    case 'sentiment':
      return {
        title: `${symbol} sentiment is ${condition} ${threshold}`,
        body: `The mean sentiment of posts naming ${symbol} over the last 24 hours is ${round(value, 2)} (0 negative, 1 positive); your alert was set for ${condition} ${threshold}.`,
      };
    case 'spike':
      return {
        title: `${symbol} is mentioned more than usual: ${value} posts in an hour`,
        body: `${symbol} was mentioned in ${value} posts in an hour, more than ${threshold} times the mean of that hour over the previous ${SPIKE_BASELINE_DAYS} days.`,
      };
  }
}

/**
 * Each alert that may fire or clear at `now`, with its figure (`value`) and whether its condition
 * holds. Price: the latest tick (at most an hour old). Mentions: posts naming the symbol in the last
 * hour. Change: the latest tick against the price a window ago (the last tick, or 1m/1h candle close,
 * at most a twelfth of the window earlier). Sentiment: the mean over the last 24 clock hours of the
 * hourly rollup (the current hour included). Spike: the current clock hour so far, or the one before
 * it, against the mean of the same hour over the previous 7 days (rollup), at least one post.
 */
function evaluated(now: Date) {
  const t = now.getTime();
  const mentionsFrom = new Date(t - MENTION_ALERT_WINDOW_MS);
  const thisHour = new Date(Math.floor(t / HOUR_MS) * HOUR_MS);
  const lastHour = new Date(thisHour.getTime() - HOUR_MS);
  const sentimentFrom = new Date(thisHour.getTime() - SENTIMENT_ALERT_WINDOW_MS + HOUR_MS);
  const at = (w: ChangeWindow) => new Date(t - CHANGE_WINDOW_MS[w]);
  const earliest = (w: ChangeWindow) => new Date(t - CHANGE_WINDOW_MS[w] - CHANGE_WINDOW_MS[w] / 12);
  const reference = sql`case a.change_window when '1h' then ${at('1h')}::timestamptz else ${at('24h')}::timestamptz end`;
  const floor = sql`case a.change_window when '1h' then ${earliest('1h')}::timestamptz else ${earliest('24h')}::timestamptz end`;
  const candidate = sql`a.active and (a.fired_at is null or a.cooldown_minutes is not null)`;
  return sql`
    latest as (
      select distinct on (asset) asset, price
      from price_ticks
      where time <= ${now} and time > ${new Date(t - PRICE_FRESH_MS)}
      order by asset, time desc
    ),
    evaluated as (
      select a.id, l.price as value, case a.condition when 'above' then l.price >= a.threshold else l.price <= a.threshold end as holds
      from alerts a join latest l on l.asset = a.symbol
      where a.kind = 'price' and ${candidate}
      union all
      select a.id, m.mentions, m.mentions > a.threshold
      from alerts a cross join lateral (
        select count(*)::float8 as mentions from posts p
        where p.symbols @> array[a.symbol] and p.created_at > ${mentionsFrom} and p.created_at <= ${now}
      ) m
      where a.kind = 'mentions' and ${candidate}
      union all
      select a.id, (l.price - r.price) / r.price * 100, abs(l.price - r.price) / r.price * 100 >= a.threshold
      from alerts a join latest l on l.asset = a.symbol
      cross join lateral (
        select p.price from (
          select price, time from price_ticks where asset = a.symbol and time <= ${reference} and time >= ${floor}
          union all
          -- A candle's close is the price at its end; bounds on open_time itself keep to the key's range.
          select c.close, c.open_time + interval '1 minute' from candles c
          where c.asset = a.symbol and c."interval" = '1m' and c.open_time <= ${reference} - interval '1 minute'
            and c.open_time >= ${floor} - interval '1 minute'
          union all
          select c.close, c.open_time + interval '1 hour' from candles c
          where c.asset = a.symbol and c."interval" = '1h' and c.open_time <= ${reference} - interval '1 hour'
            and c.open_time >= ${floor} - interval '1 hour'
        ) p
        where p.price > 0
        order by p.time desc limit 1
      ) r
      where a.kind = 'change' and ${candidate}
      union all
      select a.id, s.mean, case a.condition when 'above' then s.mean >= a.threshold else s.mean <= a.threshold end
      from alerts a cross join lateral (
        select sum(h.sentiment_sum)::float8 / nullif(sum(h.mentions), 0) as mean from topic_hourly_stats h
        where h.topic like '$%' and h.topic = '$' || a.symbol and h.hour >= ${sentimentFrom} and h.hour <= ${now}
      ) s
      where a.kind = 'sentiment' and ${candidate} and s.mean is not null
      union all
      select a.id, coalesce(max(x.mentions) filter (where x.spiking), max(x.mentions)), bool_or(x.spiking)
      from alerts a cross join lateral (
        -- A usual hour under one post counts as one: a coin nobody mentioned fires past \`factor\` posts, not at the first.
        select y.mentions, y.mentions > a.threshold * greatest(y.baseline, 1) as spiking
        from (
          select coalesce(sum(h.mentions) filter (where h.hour = w.hour), 0)::float8 as mentions,
            coalesce(sum(h.mentions) filter (where h.hour < w.hour), 0)::float8 / ${SPIKE_BASELINE_DAYS} as baseline
          from (values (${thisHour}::timestamptz), (${lastHour}::timestamptz)) as w(hour)
          left join topic_hourly_stats h on h.topic like '$%' and h.topic = '$' || a.symbol
            and h.hour >= w.hour - interval '${sql.raw(String(SPIKE_BASELINE_DAYS))} days' and h.hour <= w.hour
            and extract(epoch from w.hour - h.hour)::bigint % 86400 = 0
          group by w.hour
        ) y
      ) x
      where a.kind = 'spike' and ${candidate}
      group by a.id
    )`;
}

/**
 * Fires every alert the data at `now` makes hold that may fire: never fired, or repeating
 * (`cooldown_minutes`) with its cooldown since `fired_at` over and its condition seen not holding
 * in between (`cleared_at`). A repeating alert that fired and no longer holds gets `cleared_at`.
 * The claim is one UPDATE … WHERE (fired_at IS NULL OR …) … RETURNING: a second worker checking at
 * the same moment waits for the first one's row locks, re-reads fired_at and skips, so an alert
 * fires once per eligibility. Its in-app notification, and a delivery per channel (the outbox the
 * webhook-deliver job sends from), are written in the same transaction; mail goes after the commit.
 */
export async function checkAlerts(deps: AlertCheckDeps, _input: NoInput): Promise<{ fired: number }> {
  const now = deps.now();
  const fired = await deps.db.transaction().execute(async (trx) => {
    const result = await sql<FiredAlert>`
      with ${evaluated(now)},
      cleared as (
        update alerts a set cleared_at = ${now}
        from evaluated e
        where a.id = e.id and not e.holds and a.active and a.cooldown_minutes is not null
          and a.fired_at is not null and a.cleared_at is null
        returning a.id
      )
      update alerts a set fired_at = ${now}, fired_value = e.value, cleared_at = null
      from evaluated e
      where a.id = e.id and e.holds and a.active
        and (a.fired_at is null
          or (a.cooldown_minutes is not null and a.cleared_at is not null
            and a.fired_at + a.cooldown_minutes * interval '1 minute' <= ${now}))
      returning ${sql.join(FIRED_COLUMNS.map((column) => sql.ref(`a.${column}`)))}`.execute(trx);
    const described = result.rows.map((alert) => ({ alert, ...describeFired(alert) }));
    if (described.length > 0) {
      await trx
        .insertInto('notifications')
        .values(
          described.map(({ alert, title, body }) => ({
            user_id: alert.user_id,
            kind: `${alert.kind}-alert`,
            alert_id: alert.id,
            created_at: now,
            title,
            body,
          })),
        )
        .execute();
    }
    const deliveries = described.flatMap(({ alert, title, body }) =>
      channelMessages(alert, alertFiredEvent(alert, now), `${title}\n${body}`).map((message) => ({
        alert_id: alert.id,
        user_id: alert.user_id,
        channel: message.channel,
        url: message.url,
        payload: JSON.stringify(message.payload),
        next_attempt_at: now,
      })),
    );
    if (deliveries.length > 0) await trx.insertInto('webhook_deliveries').values(deliveries).execute();
    return described;
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
async function mailFiredAlerts(deps: AlertCheckDeps, fired: readonly DescribedAlert[], now: Date): Promise<void> {
  const wanted = fired.filter(({ alert }) => alert.email);
  if (wanted.length === 0) return;
  const userIds = [...new Set(wanted.map(({ alert }) => alert.user_id))];
  // A team's alert mails the members who may read its alerts: the team's account has no mailbox.
  const [readers, prefs] = await Promise.all([
    accountRecipients(deps, { accountIds: userIds, action: 'readAlerts' }),
    deps.db.selectFrom('notification_prefs').select(['user_id', 'pref', 'enabled']).where('user_id', 'in', userIds).execute(),
  ]);
  const chosen = new Map(prefs.map((row) => [`${row.user_id} ${row.pref}`, row.enabled]));
  const marketUrl = new URL('/market', deps.publicUrl).toString();
  const heldBack: number[] = [];
  for (const { alert, title, body } of wanted) {
    const pref = ALERT_MAIL_PREFERENCE[alert.kind];
    const enabled = chosen.get(`${alert.user_id} ${pref}`) ?? NOTIFICATION_PREFERENCES.find((p) => p.id === pref)?.enabled ?? false;
    const mail = readers.get(alert.user_id);
    if (!enabled || mail === undefined) continue;
    const about = mail.team ? [`An alert of the team ${mail.team.name}.`, ''] : [];
    for (const person of mail.to) {
      if (!person.verified) {
        deps.log.info({ alertId: alert.id, userId: alert.user_id, to: person.userId }, 'alert mail not sent: the address is not verified');
        continue;
      }
      if (!(await trySpendMailBudget(deps, alert.user_id))) {
        heldBack.push(alert.id);
        deps.log.warn({ alertId: alert.id, userId: alert.user_id }, 'alert mail held back: the account reached its mail budget');
        break;
      }
      try {
        await sendMail(deps, {
          message: {
            to: person.email,
            subject: `Coinsight alert: ${title}`,
            text: [...about, body, '', `See the market: ${marketUrl}`, '', untilNext(alert)].join('\n'),
          },
          when: 'now',
        });
      } catch (error) {
        // The alert has fired and its notification is stored; a lost mail must not fire it again.
        await refundMailBudget(deps, alert.user_id).catch(() => undefined);
        deps.log.error({ err: error, alertId: alert.id }, 'alert mail failed');
      }
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

function untilNext(alert: FiredAlert): string {
  if (alert.cooldown_minutes === null) return 'This alert will not fire again until you re-arm it.';
  return `This alert fires again at the earliest ${alert.cooldown_minutes} minute${alert.cooldown_minutes === 1 ? '' : 's'} from now, once its condition has stopped holding in between.`;
}
