import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import type { Alert, CreateAlertInput } from '@coinsight/sdk';
import { Context, type Io } from '../context.js';
import { UsageError } from '../exit-codes.js';
import { positiveNumber, wholeNumber } from '../parse.js';

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
] as const;

const alertRow = (alert: Alert) => ({ ...alert });

interface CreateOptions {
  above?: number;
  below?: number;
  mentions?: number;
  email: boolean;
  webhookUrl?: string;
  idempotencyKey?: string;
}

/** The body of POST /v1/alerts/create from exactly one of --above, --below and --mentions. */
export function alertBody(symbol: string, options: CreateOptions): CreateAlertInput {
  const given = (['above', 'below', 'mentions'] as const).filter((name) => options[name] !== undefined);
  if (given.length !== 1) throw new UsageError('name exactly one of --above <usd>, --below <usd> or --mentions <posts>');
  const common = { symbol, email: options.email, ...(options.webhookUrl ? { webhookUrl: options.webhookUrl } : {}) };
  if (options.mentions !== undefined) return { kind: 'mentions', mentions: options.mentions, ...common };
  const condition = options.above !== undefined ? 'above' : 'below';
  return { kind: 'price', condition, price: (options.above ?? options.below) as number, ...common };
}

export function addAlertCommands(program: Command, io: Io): void {
  const alerts = program.command('alerts').description('Create, list and delete price and mention alerts');

  alerts
    .command('create')
    .description('Create a price alert (--above or --below a USD price) or a mention alert (--mentions posts in an hour)')
    .argument('<symbol>', 'ticker, name or id')
    .option('--above <usd>', 'fire when the price rises above this', positiveNumber)
    .option('--below <usd>', 'fire when the price falls below this', positiveNumber)
    .option('--mentions <posts>', 'fire when an hour brings at least this many posts naming it', wholeNumber(0))
    .option('--no-email', 'do not mail the account when it fires')
    .option('--webhook-url <url>', 'also POST the alert, signed, to this https address when it fires')
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
