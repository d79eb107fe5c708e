import {
  ALERT_MESSAGES,
  maskChannelUrl,
  type Alert,
  type AlertChannel,
  type CreateAlertInput,
  type UpdateAlertInput,
} from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import type { Kysely, Selection } from 'kysely';
import { assertUnderPlanLimit } from '../billing/caps/plan-caps.js';
import { inTransaction, lockAccount } from '../transactions.js';
import type { NoInput, SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError, NotOwnedError } from '../errors.js';
import { trackedSymbol } from '../market/assets.js';
import { ensureWebhookSecrets } from '../webhooks/secrets.js';
import { CHANNEL_FIELDS, resolveChannelTarget, TELEGRAM_NOT_CONFIGURED } from '../webhooks/channels.js';
import { WebhookTargetError } from '../webhooks/url-guard.js';

type Deps = Pick<ServiceDeps, 'db' | 'webhooks'> & Partial<Pick<ServiceDeps, 'reads'>>;

const ALERT_COLUMNS = [
  'id',
  'kind',
  'symbol',
  'condition',
  'threshold',
  'email',
  'active',
  'created_at',
  'fired_at',
  'fired_value',
  'webhook_url',
  'change_window',
  'cooldown_minutes',
  'cleared_at',
  'slack_webhook_url',
  'discord_webhook_url',
  'telegram_chat_id',
] as const;

type AlertRow = Selection<Database, 'alerts', (typeof ALERT_COLUMNS)[number]>;

const toAlert = (row: AlertRow, failingChannels: AlertChannel[] = []): Alert => {
  const repeating = row.cooldown_minutes !== null && row.fired_at !== null;
  return {
    id: row.id,
    kind: row.kind,
    symbol: row.symbol,
    condition: row.condition,
    threshold: row.threshold,
    window: row.change_window,
    repeat: row.cooldown_minutes === null ? null : { cooldownMinutes: row.cooldown_minutes },
    email: row.email,
    active: row.active,
    createdAt: row.created_at.toISOString(),
    firedAt: row.fired_at?.toISOString() ?? null,
    firedValue: row.fired_value,
    webhookUrl: row.webhook_url,
    // Their path is the credential that posts to the channel: never answered whole.
    slackWebhookUrl: row.slack_webhook_url === null ? null : maskChannelUrl(row.slack_webhook_url),
    discordWebhookUrl: row.discord_webhook_url === null ? null : maskChannelUrl(row.discord_webhook_url),
    telegramChatId: row.telegram_chat_id,
    failingChannels,
    nextEligibleAt:
      repeating && row.fired_at !== null && row.cooldown_minutes !== null
        ? new Date(row.fired_at.getTime() + row.cooldown_minutes * 60_000).toISOString()
        : null,
    conditionCleared: repeating && row.cleared_at !== null,
  };
};

/** Per alert, the channels whose newest delivery failed for good. */
async function failingChannelsOf(db: Kysely<Database>, alertIds: readonly number[]): Promise<Map<number, AlertChannel[]>> {
  const byAlert = new Map<number, AlertChannel[]>();
  if (alertIds.length === 0) return byAlert;
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['alert_id', 'channel', 'status'])
    .distinctOn(['alert_id', 'channel'])
    .where('alert_id', 'in', alertIds)
    .orderBy('alert_id')
    .orderBy('channel')
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) {
    if (row.status !== 'failed' || row.alert_id === null) continue;
    byAlert.set(row.alert_id, [...(byAlert.get(row.alert_id) ?? []), row.channel]);
  }
  return byAlert;
}

// Another user's alert is answered exactly as one that does not exist (docs/security.md §10).
const notFound = (id: number, userId: string) => new NotOwnedError('alert', id, userId, 'Alert not found');

export async function listAlerts(deps: Deps, _input: NoInput, caller: SignedIn): Promise<Alert[]> {
  const { userId } = caller;
  const rows = await deps.db.selectFrom('alerts').select(ALERT_COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').execute();
  const failing = await failingChannelsOf(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toAlert(row, failing.get(row.id)));
}

/** The account's alerts that count against one of its caps. */
async function countAlerts(trx: Kysely<Database>, userId: string, which: 'active' | 'webhook'): Promise<number> {
  const { count } = await trx
    .selectFrom('alerts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .$if(which === 'active', (qb) => qb.where('active', '=', true))
    // Every channel besides email counts against the same cap as webhooks.
    .$if(which === 'webhook', (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('webhook_url', 'is not', null),
          eb('slack_webhook_url', 'is not', null),
          eb('discord_webhook_url', 'is not', null),
          eb('telegram_chat_id', 'is not', null),
        ]),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Creates an alert within the plan's caps (active alerts, alerts with a webhook: docs/security.md §26).
 * Email only for a verified address (docs/security.md §25): the mail would otherwise go to whatever
 * address was typed at sign-up, a victim's as easily as the owner's.
 */
export async function createAlert(deps: Deps, input: CreateAlertInput, caller: SignedIn): Promise<Alert> {
  const { userId } = caller;
  // Read on `deps.db` itself, past the read cache: /v1 runs this inside its idempotency
  // transaction, and joining a cache load another request started on the app's handle would wait
  // on this very transaction on PGlite's one connection (a deadlock once the entry has expired).
  await trackedSymbol({ db: deps.db }, { symbol: input.symbol });
  const channels = channelsOf(input);
  await checkChannels(deps, channels);
  if (input.webhookUrl !== null) {
    // The secret exists from the first alert that needs it, so settings show the key that will sign.
    await ensureWebhookSecrets(deps, [userId]);
  }
  const row = await inTransaction(deps.db, async (trx) => {
    const account = await lockAccount(trx, userId);
    if (input.email && !account.emailVerified) throw new AppError('FORBIDDEN', ALERT_MESSAGES.verifyForEmail);
    assertUnderPlanLimit(account.plan, 'activeAlerts', await countAlerts(trx, userId, 'active'));
    if (channels.length > 0) assertUnderPlanLimit(account.plan, 'webhookAlerts', await countAlerts(trx, userId, 'webhook'));
    return trx
      .insertInto('alerts')
      .values({
        user_id: userId,
        kind: input.kind,
        symbol: input.symbol,
        condition: input.condition,
        threshold: input.threshold,
        email: input.email,
        webhook_url: input.webhookUrl,
        change_window: input.window,
        cooldown_minutes: input.repeat?.cooldownMinutes ?? null,
        slack_webhook_url: input.slackWebhookUrl,
        discord_webhook_url: input.discordWebhookUrl,
        telegram_chat_id: input.telegramChatId,
      })
      .returning(ALERT_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  return toAlert(row);
}

/** The channels an alert asks for, each with the address the guard checks. */
function channelsOf(input: CreateAlertInput): { channel: AlertChannel; url: string }[] {
  const given: [AlertChannel, string | null][] = [
    ['webhook', input.webhookUrl],
    ['slack', input.slackWebhookUrl],
    ['discord', input.discordWebhookUrl],
    ['telegram', input.telegramChatId],
  ];
  return given.flatMap(([channel, url]) => (url === null ? [] : [{ channel, url }]));
}

/**
 * Every channel's address is checked now for a clear 400, and again at every delivery (DNS may
 * change in between); Telegram needs the operator's bot.
 */
async function checkChannels(deps: Deps, channels: readonly { channel: AlertChannel; url: string }[]): Promise<void> {
  for (const target of channels) {
    if (target.channel === 'telegram') {
      if (!deps.webhooks.telegram) throw new AppError('BAD_REQUEST', TELEGRAM_NOT_CONFIGURED, { param: 'telegramChatId' });
      continue;
    }
    try {
      await resolveChannelTarget(target, deps.webhooks);
    } catch (error) {
      if (error instanceof WebhookTargetError) throw new AppError('BAD_REQUEST', error.message, { param: CHANNEL_FIELDS[target.channel] });
      throw error;
    }
  }
}

/**
 * Pauses, resumes or re-arms (forgets when it fired, so it may fire again) one of the user's
 * alerts, or turns its email on or off. Resuming counts against the active-alert cap and email on
 * needs a verified address, as at create.
 */
export async function updateAlert(deps: Deps, input: UpdateAlertInput, caller: SignedIn): Promise<Alert> {
  const { userId } = caller;
  const row = await inTransaction(deps.db, async (trx) => {
    const account = await lockAccount(trx, userId);
    const current = await trx
      .selectFrom('alerts')
      .select('active')
      .where('id', '=', input.id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!current) throw notFound(input.id, userId);
    if (input.email === true && !account.emailVerified) throw new AppError('FORBIDDEN', ALERT_MESSAGES.verifyForEmail);
    if (input.active === true && !current.active)
      assertUnderPlanLimit(account.plan, 'activeAlerts', await countAlerts(trx, userId, 'active'));
    return trx
      .updateTable('alerts')
      .set({
        ...(input.active !== undefined ? { active: input.active } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.rearm ? { fired_at: null, fired_value: null, cleared_at: null } : {}),
      })
      .where('id', '=', input.id)
      .where('user_id', '=', userId)
      .returning(ALERT_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  return toAlert(row, (await failingChannelsOf(deps.db, [row.id])).get(row.id));
}

export async function deleteAlert(deps: Deps, input: { id: number }, caller: SignedIn): Promise<{ deleted: true }> {
  const { userId } = caller;
  const result = await deps.db.deleteFrom('alerts').where('id', '=', input.id).where('user_id', '=', userId).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound(input.id, userId);
  return { deleted: true };
}
