import { MAIL_BUDGET, MAIL_BUDGET_MESSAGES } from '@coinsight/contracts';
import { AppError } from '../errors.js';
import type { RateLimit, RateLimits } from '../rate-limit.js';

/**
 * One budget per account, an hour's and a day's, spent by every feature that mails on the
 * account's behalf: alert mail, Send Email, contact-form copies (docs/security.md §25). Counters live
 * where the other limits do (Redis when configured), so every instance spends the same budget.
 */
export interface MailLimits {
  mailByUserHour: RateLimit;
  mailByUserDay: RateLimit;
}

export function createMailLimits(limits: RateLimits): MailLimits {
  return {
    mailByUserHour: limits.create({ name: 'mail-user-hour', points: MAIL_BUDGET.perHour, durationSeconds: 60 * 60 }),
    mailByUserDay: limits.create({ name: 'mail-user-day', points: MAIL_BUDGET.perDay, durationSeconds: 24 * 60 * 60 }),
  };
}

/**
 * Spends one mail of the account's budget; past it, throws AppError TOO_MANY_REQUESTS with
 * Retry-After and the budget's message (the hour's or the day's, whichever is spent).
 */
export async function spendMailBudget(deps: { limits: MailLimits }, userId: string): Promise<void> {
  await deps.limits.mailByUserHour.consume(userId, MAIL_BUDGET_MESSAGES.hour);
  try {
    await deps.limits.mailByUserDay.consume(userId, MAIL_BUDGET_MESSAGES.day);
  } catch (error) {
    // The day's budget refused it: the hour's must not count a mail that was not sent.
    await deps.limits.mailByUserHour.refund(userId).catch(() => undefined);
    throw error;
  }
}

/** Gives one mail back (it could not be sent after all). */
export async function refundMailBudget(deps: { limits: MailLimits }, userId: string): Promise<void> {
  await Promise.all([deps.limits.mailByUserHour.refund(userId), deps.limits.mailByUserDay.refund(userId)]);
}

/** Spends one mail when the budget allows; false (nothing spent) past it, for mail that is skipped rather than refused. */
export async function trySpendMailBudget(deps: { limits: MailLimits }, userId: string): Promise<boolean> {
  try {
    await spendMailBudget(deps, userId);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') return false;
    throw error;
  }
}
