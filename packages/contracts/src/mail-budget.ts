/**
 * One budget per account covers every mail the account causes to be sent, whatever the feature:
 * alert mail, Send Email and contact-form copies (docs/security.md §25). Mail about the account
 * itself (verification, password reset, address change) is not counted: it has its own limits.
 * A person's alerts and messages fit well within it; a script mailing a victim does not.
 */
export const MAIL_BUDGET = { perHour: 20, perDay: 100 } as const;

export const MAIL_BUDGET_MESSAGES = {
  /** Send Email past the budget (429 with Retry-After). */
  hour: `Your account has sent its ${MAIL_BUDGET.perHour} emails for this hour. Please try again later.`,
  day: `Your account has sent its ${MAIL_BUDGET.perDay} emails for today. Please try again later.`,
  /** Added to an alert's in-app notification when its mail was held back by the budget. */
  alertHeldBack: `Not emailed: your account reached its email budget (${MAIL_BUDGET.perHour} an hour, ${MAIL_BUDGET.perDay} a day).`,
} as const;
