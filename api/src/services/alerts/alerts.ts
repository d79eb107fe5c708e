import { ALERT_MESSAGES, type Alert, type CreateAlertInput, type UpdateAlertInput } from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import type { Kysely, Selection } from 'kysely';
import { assertUnderPlanLimit } from '../billing/caps/plan-caps.js';
import { inTransaction, lockAccount } from '../transactions.js';
import type { NoInput, SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError, NotOwnedError } from '../errors.js';
import { trackedSymbol } from '../market/assets.js';
import { ensureWebhookSecrets } from '../webhooks/secrets.js';
import { resolveWebhookTarget, WebhookTargetError } from '../webhooks/url-guard.js';

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
] as const;

type AlertRow = Selection<Database, 'alerts', (typeof ALERT_COLUMNS)[number]>;

const toAlert = (row: AlertRow): Alert => ({
  id: row.id,
  kind: row.kind,
  symbol: row.symbol,
  condition: row.condition,
  threshold: row.threshold,
  email: row.email,
  active: row.active,
  createdAt: row.created_at.toISOString(),
  firedAt: row.fired_at?.toISOString() ?? null,
  firedValue: row.fired_value,
  webhookUrl: row.webhook_url,
});

// Another user's alert is answered exactly as one that does not exist (docs/security.md §10).
const notFound = (id: number, userId: string) => new NotOwnedError('alert', id, userId, 'Alert not found');

export async function listAlerts(deps: Deps, _input: NoInput, caller: SignedIn): Promise<Alert[]> {
  const { userId } = caller;
  const rows = await deps.db.selectFrom('alerts').select(ALERT_COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').execute();
  return rows.map(toAlert);
}

/** The account's alerts that count against one of its caps. */
async function countAlerts(trx: Kysely<Database>, userId: string, which: 'active' | 'webhook'): Promise<number> {
  const { count } = await trx
    .selectFrom('alerts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .$if(which === 'active', (qb) => qb.where('active', '=', true))
    .$if(which === 'webhook', (qb) => qb.where('webhook_url', 'is not', null))
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
  await trackedSymbol(deps, { symbol: input.symbol });
  if (input.webhookUrl !== null) {
    // Checked now for a clear 400, and again at every delivery (DNS may change in between).
    try {
      await resolveWebhookTarget(input.webhookUrl, { allowPrivate: deps.webhooks.allowPrivate });
    } catch (error) {
      if (error instanceof WebhookTargetError) throw new AppError('BAD_REQUEST', error.message, { param: 'webhookUrl' });
      throw error;
    }
    // The secret exists from the first alert that needs it, so settings show the key that will sign.
    await ensureWebhookSecrets(deps, [userId]);
  }
  const row = await inTransaction(deps.db, async (trx) => {
    const account = await lockAccount(trx, userId);
    if (input.email && !account.emailVerified) throw new AppError('FORBIDDEN', ALERT_MESSAGES.verifyForEmail);
    assertUnderPlanLimit(account.plan, 'activeAlerts', await countAlerts(trx, userId, 'active'));
    if (input.webhookUrl !== null) assertUnderPlanLimit(account.plan, 'webhookAlerts', await countAlerts(trx, userId, 'webhook'));
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
      })
      .returning(ALERT_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  return toAlert(row);
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
        ...(input.rearm ? { fired_at: null, fired_value: null } : {}),
      })
      .where('id', '=', input.id)
      .where('user_id', '=', userId)
      .returning(ALERT_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  return toAlert(row);
}

export async function deleteAlert(deps: Deps, input: { id: number }, caller: SignedIn): Promise<{ deleted: true }> {
  const { userId } = caller;
  const result = await deps.db.deleteFrom('alerts').where('id', '=', input.id).where('user_id', '=', userId).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound(input.id, userId);
  return { deleted: true };
}
