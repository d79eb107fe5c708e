import type { PlanId } from '@coinsight/contracts';
import type { ServiceDeps } from '../deps.js';
import { setPlan } from './subscriptions.js';

/**
 * The operator's grant (`pnpm admin grant-plan`): the plan without payment, recorded in
 * plan_changes and logged with who ran it. Nothing in the web app reaches this.
 */
export async function grantPlan(
  deps: Pick<ServiceDeps, 'db' | 'log'>,
  input: { email: string; plan: PlanId; operator: string },
): Promise<{ userId: string; from: PlanId | null }> {
  const user = await deps.db
    .selectFrom('users')
    .select(['id'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.toLowerCase()))
    .executeTakeFirst();
  if (!user) throw new Error(`No account has the address ${input.email}.`);
  const from = await deps.db.transaction().execute((trx) => setPlan(trx, user.id, input.plan));
  deps.log.info(
    {
      event: 'billing.plan_granted',
      userId: user.id,
      from: from ?? input.plan,
      to: input.plan,
      operator: input.operator,
      changed: from !== null,
    },
    'plan granted by the operator',
  );
  return { userId: user.id, from };
}
