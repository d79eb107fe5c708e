import type { PlanId } from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import type { Kysely } from 'kysely';

/**
 * Moves the account to `to` inside the caller's transaction, recording the change in
 * plan_changes; nothing when it is already there. Answers the plan it came from when it changed.
 * Every plan change goes through here: Stripe's sync, the grace expiry, a downgrade, the
 * operator's grant.
 */
export async function setPlan(trx: Kysely<Database>, userId: string, to: PlanId): Promise<PlanId | null> {
  const user = await trx.selectFrom('users').select('plan').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
  if (user.plan === to) return null;
  await trx.updateTable('users').set({ plan: to }).where('id', '=', userId).execute();
  await trx.insertInto('plan_changes').values({ user_id: userId, from_plan: user.plan, to_plan: to }).execute();
  return user.plan;
}
