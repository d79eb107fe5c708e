import {
  budgetCalls,
  budgetThresholdReached,
  BUDGET_THRESHOLDS,
  costMicros,
  formatUsd,
  MICROS_PER_CENT,
  type BudgetThreshold,
} from '@coinsight/contracts';
import type { ServiceDeps } from '../../deps.js';
import { refundMailBudget, trySpendMailBudget } from '../../mail/budget.js';
import type { Reservation } from '../metering/meter.js';
import { monthOf } from '../period.js';
import { accountRecipients } from '../../mail/recipients.js';
import { sendMail } from '../../mail/send.js';
import { accountBillingScreen } from '../screens.js';

type NoticeDeps = Pick<ServiceDeps, 'db' | 'log' | 'mailer' | 'publicUrl' | 'limits' | 'background' | 'budgetNotices'>;

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Called for every call kept as billable (a 2xx), with what its reservation read: no query unless
 * the call crossed a budget threshold this instance has not recorded yet (the memo), and then the
 * recording and the mail run after the answer (deps.background). The count compared is the
 * month's Pro calls counted by the reservation's own statement, so the call that reaches 80% (or
 * 100%) of the budget is the one that notices it, whatever runs concurrently.
 */
export function noteBudgetUsage(deps: NoticeDeps, input: Reservation): void {
  if (input.plan !== 'pro' || input.budget === null) return;
  const threshold = budgetThresholdReached(input.budget.amountCents, input.billedCalls);
  if (threshold === null) return;
  if (!deps.budgetNotices.claim(input.userId, input.month, input.budget.updatedAt.getTime(), threshold)) return;
  deps.background.run('billing.budget_notice', async () => {
    await recordBudgetNotices(deps, { userId: input.userId, month: input.month, billedCalls: input.billedCalls });
  });
}

/**
 * Records every threshold `billedCalls` reaches under the account's budget as it is now, once per
 * account and month (the primary key of budget_notices: of two instances, or a retry, only the
 * inserter goes on), with an in-app notification each in the same transaction; then mails each
 * newly recorded one. Answers the thresholds it recorded.
 */
export async function recordBudgetNotices(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'mailer' | 'publicUrl' | 'limits'>,
  input: { userId: string; month: Date; billedCalls: number },
): Promise<BudgetThreshold[]> {
  const { userId, month, billedCalls } = input;
  const recorded = await deps.db.transaction().execute(async (trx) => {
    // The budget now, not as the call read it: a budget raised since must not be reported as reached.
    const budget = await trx.selectFrom('budgets').select(['amount_cents', 'hard_cap']).where('user_id', '=', userId).executeTakeFirst();
    if (!budget) return null;
    const reached = budgetThresholdReached(budget.amount_cents, billedCalls);
    if (reached === null) return null;
    const rows = await trx
      .insertInto('budget_notices')
      .values(
        BUDGET_THRESHOLDS.filter((t) => t <= reached).map((threshold) => ({
          user_id: userId,
          month,
          threshold,
          billed_calls: billedCalls,
          amount_cents: budget.amount_cents,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'month', 'threshold']).doNothing())
      .returning('threshold')
      .execute();
    if (rows.length === 0) return null;
    // Each threshold is told once: a burst that passes 80% and 100% together tells both, lowest first.
    const thresholds = rows.map((row) => Number(row.threshold) as BudgetThreshold).sort((a, b) => a - b);
    const notices = thresholds.map((threshold) =>
      budgetNotice({ threshold, amountCents: budget.amount_cents, hardCap: budget.hard_cap, billedCalls, month }),
    );
    await trx
      .insertInto('notifications')
      .values(notices.map((notice) => ({ user_id: userId, kind: 'budget', title: notice.title, body: notice.body, alert_id: null })))
      .execute();
    return { thresholds, notices };
  });
  if (!recorded) return [];
  deps.log.info({ event: 'billing.budget_reached', userId, thresholds: recorded.thresholds, billedCalls }, 'budget threshold reached');
  for (const notice of recorded.notices) await mailNotice(deps, userId, notice);
  return recorded.thresholds;
}

interface Notice {
  title: string;
  body: string;
}

/** What the mail and the in-app notification say at a threshold. */
export function budgetNotice(input: {
  threshold: BudgetThreshold;
  amountCents: number;
  hardCap: boolean;
  billedCalls: number;
  month: Date;
}): Notice {
  const budget = formatUsd(input.amountCents * MICROS_PER_CENT);
  const cost = formatUsd(costMicros(input.billedCalls));
  const month = monthFormat.format(input.month);
  const resets = monthOf(input.month).end.toISOString().slice(0, 10);
  const { capCalls } = budgetCalls(input.amountCents);
  if (input.threshold === 80) {
    return {
      title: `80% of your ${budget} API budget used`,
      body: [
        `Your API calls in ${month} (UTC) have cost ${cost} so far, 80% of your monthly budget of ${budget}.`,
        input.hardCap
          ? `The hard cap is on: once the budget's ${capCalls.toLocaleString('en-US')} calls are made, calls are refused (HTTP 402, code budget_exceeded) until ${resets} UTC instead of billed.`
          : 'The budget has no hard cap: calls past it are still answered and billed.',
      ].join(' '),
    };
  }
  return {
    title: `Your ${budget} API budget is reached`,
    body: [
      `Your API calls in ${month} (UTC) have cost ${cost}: your monthly budget of ${budget} is reached.`,
      input.hardCap
        ? `The hard cap is on: further calls are refused (HTTP 402, code budget_exceeded) until ${resets} UTC, and nothing more is billed. Raise the budget or turn the cap off to continue.`
        : 'The budget has no hard cap: calls past it are still answered and billed.',
    ].join(' '),
  };
}

/**
 * Mails a notice to the account's readers (a person; a team's owners and billing members), each
 * only while their address is verified, within the account's mail budget, one mail of it per
 * message (docs/security.md §25), as alert mail does.
 */
async function mailNotice(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'mailer' | 'publicUrl' | 'limits'>,
  userId: string,
  notice: Notice,
): Promise<void> {
  const mail = (await accountRecipients(deps, { accountIds: [userId], action: 'billing' })).get(userId);
  if (!mail) return;
  const screen = accountBillingScreen(deps.publicUrl, mail.team);
  const about = mail.team ? [`This is about the team ${mail.team.name}.`, ''] : [];
  for (const person of mail.to) {
    if (!person.verified) {
      deps.log.info(
        { event: 'billing.budget_mail_skipped', userId, to: person.userId },
        'budget mail not sent: the address is not verified',
      );
      continue;
    }
    if (!(await trySpendMailBudget(deps, userId))) {
      deps.log.warn({ event: 'billing.budget_mail_held', userId }, 'budget mail held back: the account reached its mail budget');
      return;
    }
    try {
      await sendMail(deps, {
        message: {
          to: person.email,
          subject: `Coinsight: ${notice.title}`,
          text: [...about, notice.body, '', `See the usage or change the budget: ${screen}`].join('\n'),
        },
        when: 'now',
      });
    } catch (error) {
      // The notice is recorded and in the app; a lost mail is not sent twice.
      await refundMailBudget(deps, userId).catch(() => undefined);
      deps.log.error({ err: error, userId }, 'budget mail failed');
    }
  }
}
