import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import type { Alert, CreateAlertInput } from '@coinsight/sdk';
import { Context, type Io } from '../context.js';
import { UsageError } from '../exit-codes.js';
import { oneOf, positiveNumber, score, wholeNumber } from '../parse.js';

// The columns from before the change, sentiment and spike kinds first, in their order (scripts read the CSV by position).
const ALERT_COLUMNS = [
  'id',
  'kind',
  'symbol',
  'condition',
  'threshold',
  'email',
  'active',
  'createdAt',
  'firedAt',
  'firedValue',
  'webhookUrl',
  'window',
  'repeat',
  'channels',
  'nextEligibleAt',
  'failingChannels',
] as const;

/** One table row: the nested fields flattened to words (jsonl and json keep the API's shape). */
const alertRow = (alert: Alert) => ({
  ...alert,
  repeat: alert.repeat ? `every ${alert.repeat.cooldownMinutes} min` : null,
  channels: [
    alert.webhookUrl && 'webhook',
    alert.slackWebhookUrl && 'slack',
    alert.discordWebhookUrl && 'discord',
    alert.telegramChatId && 'telegram',
  ]
    .filter(Boolean)
    .join(', '),
  failingChannels: alert.failingChannels.join(', '),
});

interface CreateOptions {
  above?: number;
  below?: number;
  mentions?: number;
  change?: number;
  window?: '1h' | '24h';
  sentimentAbove?: number;
  sentimentBelow?: number;
  spike?: number;
  repeat?: number;
  email: boolean;
  webhookUrl?: string;
  slackWebhookUrl?: string;
  discordWebhookUrl?: string;
  telegramChatId?: string;
  idempotencyKey?: string;
}

const KINDS = ['above', 'below', 'mentions', 'change', 'sentimentAbove', 'sentimentBelow', 'spike'] as const;

/** The body of POST /v1/alerts/create from exactly one of the kind options, with the channels and repeat given. */
export function alertBody(symbol: string, options: CreateOptions): CreateAlertInput {
  const given = KINDS.filter((name) => options[name] !== undefined);
  if (given.length !== 1)
    throw new UsageError(
      'name exactly one of --above <usd>, --below <usd>, --mentions <posts>, --change <percent>, --sentiment-above <score>, --sentiment-below <score> or --spike <factor>',
    );
  const common = {
    symbol,
    email: options.email,
    ...(options.webhookUrl ? { webhookUrl: options.webhookUrl } : {}),
    ...(options.slackWebhookUrl ? { slackWebhookUrl: options.slackWebhookUrl } : {}),
    ...(options.discordWebhookUrl ? { discordWebhookUrl: options.discordWebhookUrl } : {}),
    ...(options.telegramChatId ? { telegramChatId: options.telegramChatId } : {}),
    ...(options.repeat !== undefined ? { repeat: { cooldownMinutes: options.repeat } } : {}),
  };
  if (options.mentions !== undefined) return { kind: 'mentions', mentions: options.mentions, ...common };
  if (options.change !== undefined) return { kind: 'change', percent: options.change, window: options.window ?? '24h', ...common };
  if (options.spike !== undefined) return { kind: 'spike', factor: options.spike, ...common };
  if (options.sentimentAbove !== undefined) return { kind: 'sentiment', condition: 'above', score: options.sentimentAbove, ...common };
  if (options.sentimentBelow !== undefined) return { kind: 'sentiment', condition: 'below', score: options.sentimentBelow, ...common };
  const condition = options.above !== undefined ? 'above' : 'below';
  return { kind: 'price', condition, price: (options.above ?? options.below) as number, ...common };
}

export function addAlertCommands(program: Command, io: Io): void {
  const alerts = program.command('alerts').description('Create, list and delete price, mention, change, sentiment and spike alerts');

  alerts
    .command('create')
    .description(
      'Create a price alert (--above or --below a USD price), a mention alert (--mentions posts in an hour), a change alert (--change percent over --window), a sentiment alert (--sentiment-above or --sentiment-below a 0-1 score) or a spike alert (--spike factor)',
    )
    .argument('<symbol>', 'ticker, name or id')
    .option('--above <usd>', 'fire when the price rises above this', positiveNumber)
    .option('--below <usd>', 'fire when the price falls below this', positiveNumber)
    .option('--mentions <posts>', 'fire when an hour brings at least this many posts naming it', wholeNumber(0))
    .option('--change <percent>', 'fire when the price has moved by at least this percent, up or down, over --window', positiveNumber)
    .option('--window <window>', 'the window of --change: 1h or 24h (default 24h)', oneOf(['1h', '24h'] as const))
    .option('--sentiment-above <score>', "fire when the last 24 hours' mean sentiment (0-1) is at or above this", score)
    .option('--sentiment-below <score>', "fire when the last 24 hours' mean sentiment (0-1) is at or below this", score)
    .option('--spike <factor>', 'fire when an hour brings more than this many times its usual mentions (at least 1.5)', positiveNumber)
    .option('--repeat <minutes>', 'fire again, at most once per this many minutes, each time the condition holds anew', wholeNumber(1))
    .option('--no-email', 'do not mail the account when it fires')
    .option('--webhook-url <url>', 'also POST the alert, signed, to this https address when it fires')
    .option('--slack-webhook-url <url>', 'also post it to this Slack incoming webhook')
    .option('--discord-webhook-url <url>', 'also post it to this Discord webhook')
    .option('--telegram-chat-id <id>', "also send it to this Telegram chat through the server's bot")
    .option('--idempotency-key <key>', 'the same key creates one alert however often it is sent (default: a new one per run)')
    .action(async (symbol: string, options: CreateOptions, command: Command) => {
      const context = new Context(io, command);
      const body = alertBody(symbol, options);
      // A key of its own, so that the client may retry the POST after a lost answer without creating two.
      const answer = await (await context.client()).alerts.create(body, { idempotencyKey: options.idempotencyKey ?? randomUUID() });
      context.print({ answer, items: [answer.alert], columns: ALERT_COLUMNS, row: alertRow, single: true });
    });

  alerts
    .command('list')
    .description('Every alert of the account')
    .action(async (_options, command: Command) => {
      const context = new Context(io, command);
      const answer = await (await context.client()).alerts.list();
      context.print({ answer, items: answer.data, columns: ALERT_COLUMNS, row: alertRow });
    });

  alerts
    .command('delete')
    .description('Delete alerts by id')
    .argument('<ids...>', 'alert ids, as `alerts list` shows them')
    .action(async (ids: string[], _options, command: Command) => {
      const context = new Context(io, command);
      const numbers = ids.map((id) => {
        if (!/^[1-9]\d{0,15}$/.test(id)) throw new UsageError(`alert id must be a whole number: ${id}`);
        return Number(id);
      });
      const client = await context.client();
      const deleted = [];
      for (const id of numbers) deleted.push(await client.alerts.delete(id));
      const answer = deleted.length === 1 ? deleted[0] : deleted;
      context.print({ answer, items: deleted, columns: ['id', 'deleted'], row: (d) => ({ id: d.id, deleted: d.deleted }) });
    });
}
