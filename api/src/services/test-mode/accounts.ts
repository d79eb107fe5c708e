import type { PlanId } from '@coinsight/contracts';
import type { ServiceDeps } from '../deps.js';
import { TEST_EPOCH } from './dataset.js';

/**
 * Makes a test key's owner an account of the test dataset (its test alerts belong to it there),
 * on the key's plan, or moves it to that plan. Only the id and plan are copied: no name, address
 * or secret of the live account. `deps` are test mode's, whose database is the test dataset's.
 */
export async function enrolTestAccount(deps: Pick<ServiceDeps, 'db'>, input: { userId: string; plan: PlanId }): Promise<void> {
  await deps.db
    .insertInto('users')
    .values({
      id: input.userId,
      username: input.userId,
      email: `${input.userId}@test-mode.invalid`,
      password_hash: '!',
      plan: input.plan,
      email_verified_at: TEST_EPOCH,
    })
    .onConflict((oc) => oc.column('id').doUpdateSet({ plan: input.plan }))
    .execute();
}
