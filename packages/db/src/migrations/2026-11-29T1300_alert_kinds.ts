import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Three more kinds (docs/market-data.md, Alerts): `change` (threshold: a percent move over
  // `change_window`), `sentiment` (threshold: a 0-1 mean over 24 hours, with `condition`) and
  // `spike` (threshold: the factor over the usual hour). `condition` stays NOT NULL: it is
  // 'above' for change and spike, which fire on a figure above their threshold.
  await sql`alter table alerts drop constraint alerts_kind_check`.execute(db);
  await sql`alter table alerts add constraint alerts_kind_check check (kind in ('price', 'mentions', 'change', 'sentiment', 'spike'))`.execute(
    db,
  );
  await db.schema
    .alterTable('alerts')
    .addColumn('change_window', 'text', (c) => c.check(sql`change_window in ('1h', '24h')`))
    // Null: fires once and is spent (as before). Set: stays active and fires again once the
    // cooldown since `fired_at` has passed and the condition stopped holding in between (`cleared_at`).
    .addColumn('cooldown_minutes', 'integer', (c) => c.check(sql`cooldown_minutes > 0`))
    .addColumn('cleared_at', 'timestamptz')
    // More channels, sent through the webhook outbox like `webhook_url` (docs/webhooks.md).
    .addColumn('slack_webhook_url', 'text', (c) => c.check(sql`char_length(slack_webhook_url) <= 2048`))
    .addColumn('discord_webhook_url', 'text', (c) => c.check(sql`char_length(discord_webhook_url) <= 2048`))
    .addColumn('telegram_chat_id', 'text', (c) => c.check(sql`char_length(telegram_chat_id) <= 64`))
    .execute();
  await sql`alter table alerts add constraint alerts_change_window_check_kind check ((kind = 'change') = (change_window is not null))`.execute(
    db,
  );
  // The check also reads repeating alerts that have fired (alerts_armed_idx holds the unfired ones).
  await sql`create index alerts_repeating_idx on alerts (kind, symbol) where active and cooldown_minutes is not null`.execute(db);

  // Which channel a delivery goes to: how its body is shaped and whether it is signed.
  await db.schema
    .alterTable('webhook_deliveries')
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('webhook').check(sql`channel in ('webhook', 'slack', 'discord', 'telegram')`))
    .execute();
  // An alert's failing channels are read from its newest delivery per channel.
  await db.schema.createIndex('webhook_deliveries_alert_idx').on('webhook_deliveries').columns(['alert_id', 'channel', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_alert_idx').execute();
  await db.schema.alterTable('webhook_deliveries').dropColumn('channel').execute();
  await sql`delete from alerts where kind not in ('price', 'mentions')`.execute(db);
  await sql`drop index alerts_repeating_idx`.execute(db);
  await sql`alter table alerts drop constraint alerts_change_window_check_kind`.execute(db);
  for (const column of ['change_window', 'cooldown_minutes', 'cleared_at', 'slack_webhook_url', 'discord_webhook_url', 'telegram_chat_id']) {
    await db.schema.alterTable('alerts').dropColumn(column).execute();
  }
  await sql`alter table alerts drop constraint alerts_kind_check`.execute(db);
  await sql`alter table alerts add constraint alerts_kind_check check (kind in ('price', 'mentions'))`.execute(db);
}
