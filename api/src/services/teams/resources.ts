import type {
  Alert,
  ApiKey,
  BillingAccount,
  BillingSummary,
  ChangePlanInput,
  CreatedApiKey,
  CreateTeamKeyInput,
  Invoice,
  RedirectUrl,
  RenameTeamKeyInput,
  SetTeamBudgetInput,
  TeamIdInput,
  TeamKeyIdInput,
} from '@coinsight/contracts';
import { listAlerts } from '../alerts/alerts.js';
import { createApiKey, deleteApiKey, listApiKeys, renameApiKey } from '../api-keys/keys.js';
import { setBudget } from '../billing/budgets/budget.js';
import { billingSummary } from '../billing/metering/usage.js';
import { billingAccount } from '../billing/subscriptions/account.js';
import { openPortal, startCheckout, type BillingPlace } from '../billing/subscriptions/checkout.js';
import { listInvoices } from '../billing/subscriptions/invoices.js';
import { changePlan } from '../billing/subscriptions/plan-changes.js';
import type { SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { teamAccess } from './access.js';

// A team's keys, usage, alerts and billing: each checks the caller's membership and role
// (teamAccess), then runs the same service a person's account uses, as the team's account. So the
// rules (plan caps, the key's one-time secret, budgets, Stripe) are the same code, and a team's
// data is reached only through a membership that is read on every call.

type KeyDeps = Pick<ServiceDeps, 'db' | 'log' | 'now'>;

/** The team's keys by prefix (never a secret), with this month's calls: owners, admins, members. */
export async function listTeamKeys(deps: KeyDeps, input: TeamIdInput, caller: SignedIn): Promise<ApiKey[]> {
  const { account } = await teamAccess(deps, { teamId: input.teamId, action: 'readKeys' }, caller);
  return listApiKeys(deps, {}, account);
}

/**
 * A new team key (owners and admins), counted against the team's plan; its secret is answered this
 * once, to its maker, who is recorded: removing them from the team deletes it.
 */
export async function createTeamKey(deps: KeyDeps, input: CreateTeamKeyInput, caller: SignedIn): Promise<CreatedApiKey> {
  const { account } = await teamAccess(deps, { teamId: input.teamId, action: 'writeKeys' }, caller);
  const created = await createApiKey(deps, { name: input.name, mode: input.mode }, account);
  await deps.db.updateTable('api_keys').set({ created_by: caller.userId }).where('id', '=', created.key.id).execute();
  deps.log.info({ event: 'team.key_created', userId: caller.userId, teamId: input.teamId, apiKeyId: created.key.id }, 'team key created');
  return created;
}

export async function renameTeamKey(deps: KeyDeps, input: RenameTeamKeyInput, caller: SignedIn): Promise<ApiKey> {
  const { account } = await teamAccess(deps, { teamId: input.teamId, action: 'writeKeys' }, caller);
  return renameApiKey(deps, { id: input.id, name: input.name }, account);
}

export async function deleteTeamKey(deps: KeyDeps, input: TeamKeyIdInput, caller: SignedIn): Promise<{ ok: true }> {
  const { account } = await teamAccess(deps, { teamId: input.teamId, action: 'writeKeys' }, caller);
  return deleteApiKey(deps, { id: input.id }, account);
}

/** The team's one bill: usage summed over all its keys, per key and per day, plan and budget (every role). */
export async function teamUsage(deps: Pick<ServiceDeps, 'db' | 'now'>, input: TeamIdInput, caller: SignedIn): Promise<BillingSummary> {
  const { account } = await teamAccess(deps, { teamId: input.teamId, action: 'readUsage' }, caller);
  return billingSummary(deps, {}, account);
}

/** The team's alerts, made with its keys on /v1 (owners, admins, members). */
export async function listTeamAlerts(deps: Pick<ServiceDeps, 'db' | 'webhooks'>, input: TeamIdInput, caller: SignedIn): Promise<Alert[]> {
  const { account } = await teamAccess(deps, { teamId: input.teamId, action: 'readAlerts' }, caller);
  return listAlerts(deps, {}, account);
}

/** The team's monthly budget on Pro (owners and billing); answers the team's figures after it. */
export async function setTeamBudget(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'now'>,
  input: SetTeamBudgetInput,
  caller: SignedIn,
): Promise<BillingSummary> {
  const { account } = await teamAccess(deps, { teamId: input.teamId, action: 'billing' }, caller);
  await setBudget(deps, { amountUsd: input.amountUsd, hardCap: input.hardCap }, account);
  return billingSummary(deps, {}, account);
}

type BillingDeps = Pick<ServiceDeps, 'db' | 'log' | 'now' | 'stripe' | 'publicUrl' | 'mailer'>;

/** The team's subscription as Stripe's signed events last told it (owners and billing). */
export async function teamBillingAccount(deps: BillingDeps, input: TeamIdInput, caller: SignedIn): Promise<BillingAccount> {
  const { account } = await teamAccess(deps, { teamId: input.teamId, action: 'billing' }, caller);
  return billingAccount(deps, {}, account);
}

export async function teamInvoices(deps: BillingDeps, input: TeamIdInput, caller: SignedIn): Promise<Invoice[]> {
  const { account } = await teamAccess(deps, { teamId: input.teamId, action: 'billing' }, caller);
  return listInvoices(deps, {}, account);
}

/** Where the team's checkout and portal come back to (its screen), and the member whose address Stripe's customer gets. */
async function teamPlace(deps: Pick<ServiceDeps, 'db'>, teamId: string, caller: SignedIn): Promise<BillingPlace> {
  const row = await deps.db
    .selectFrom('teams')
    .innerJoin('users', (join) => join.on('users.id', '=', caller.userId))
    .select(['teams.name', 'users.email'])
    .where('teams.id', '=', teamId)
    .executeTakeFirstOrThrow();
  return { team: { id: teamId, name: row.name, contactEmail: row.email } };
}

/**
 * Stripe Checkout for the team's Pro: its customer, subscription and meter are the team account's;
 * it comes back to the team's screen.
 */
export async function teamCheckout(deps: BillingDeps, input: TeamIdInput, caller: SignedIn): Promise<RedirectUrl> {
  const { account } = await teamAccess(deps, { teamId: input.teamId, action: 'billing' }, caller);
  return startCheckout(deps, await teamPlace(deps, input.teamId, caller), account);
}

/** Stripe's portal for the team's customer (card, invoices, cancelling), back to the team's screen. */
export async function teamPortal(deps: BillingDeps, input: TeamIdInput, caller: SignedIn): Promise<RedirectUrl> {
  const { account } = await teamAccess(deps, { teamId: input.teamId, action: 'billing' }, caller);
  return openPortal(deps, await teamPlace(deps, input.teamId, caller), account);
}

export async function changeTeamPlan(deps: BillingDeps, input: ChangePlanInput & TeamIdInput, caller: SignedIn): Promise<BillingSummary> {
  const { account } = await teamAccess(deps, { teamId: input.teamId, action: 'billing' }, caller);
  return changePlan(deps, { plan: input.plan }, account);
}
