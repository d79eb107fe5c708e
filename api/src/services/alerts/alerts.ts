import type { Alert, CreateAlertInput, UpdateAlertInput } from '@coinsight/contracts';
import type { ServiceDeps } from '../deps.js';
import { AppError, NotOwnedError } from '../errors.js';
import { ensureWebhookSecrets } from '../webhooks/secrets.js';
import { resolveWebhookTarget, WebhookTargetError } from '../webhooks/url-guard.js';

type Deps = Pick<ServiceDeps, 'db' | 'webhooks'>;

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

interface AlertRow {
  id: number;
  kind: Alert['kind'];
  symbol: string;
  condition: Alert['condition'];
  threshold: number;
  email: boolean;
  active: boolean;
  created_at: Date;
  fired_at: Date | null;
  fired_value: number | null;
  webhook_url: string | null;
}

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

// Another user's alert is answered exactly as one that does not exist (security checklist 10).
const notFound = (id: number, userId: string) => new NotOwnedError('alert', id, userId, 'Alert not found');

export async function listAlerts(deps: Deps, userId: string): Promise<Alert[]> {
  const rows = await deps.db.selectFrom('alerts').select(ALERT_COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').execute();
  return rows.map(toAlert);
}

export async function createAlert(deps: Deps, input: CreateAlertInput, userId: string): Promise<Alert> {
  const asset = await deps.db.selectFrom('assets').select('symbol').where('symbol', '=', input.symbol).executeTakeFirst();
  if (!asset) throw new AppError('BAD_REQUEST', `symbol ${input.symbol} is not a tracked asset`);
  if (input.webhookUrl !== null) {
    // Checked now for a clear 400, and again at every delivery (DNS may change in between).
    try {
      await resolveWebhookTarget(input.webhookUrl, { allowPrivate: deps.webhooks.allowPrivate });
    } catch (error) {
      if (error instanceof WebhookTargetError) throw new AppError('BAD_REQUEST', error.message);
      throw error;
    }
    // The secret exists from the first alert that needs it, so settings show the key that will sign.
    await ensureWebhookSecrets(deps, [userId]);
  }
  const row = await deps.db
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
  return toAlert(row);
}

/** Pauses, resumes or re-arms (forgets when it fired, so it may fire again) one of the user's alerts. */
export async function updateAlert(deps: Deps, input: UpdateAlertInput, userId: string): Promise<Alert> {
  const row = await deps.db
    .updateTable('alerts')
    .set({
      ...(input.active !== undefined ? { active: input.active } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.rearm ? { fired_at: null, fired_value: null } : {}),
    })
    .where('id', '=', input.id)
    .where('user_id', '=', userId)
    .returning(ALERT_COLUMNS)
    .executeTakeFirst();
  if (!row) throw notFound(input.id, userId);
  return toAlert(row);
}

export async function deleteAlert(deps: Deps, input: { id: number }, userId: string): Promise<{ deleted: true }> {
  const result = await deps.db.deleteFrom('alerts').where('id', '=', input.id).where('user_id', '=', userId).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound(input.id, userId);
  return { deleted: true };
}
