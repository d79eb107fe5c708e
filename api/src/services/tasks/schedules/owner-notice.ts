import type { ServiceDeps } from '../../deps.js';
import { refundMailBudget, trySpendMailBudget } from '../../mail/budget.js';
import { sendMail } from '../../mail/send.js';

/** What a schedule's owner is told: in the app at once, by mail after the commit. */
export interface OwnerNotice {
  userId: string;
  scheduleId: string;
  title: string;
  body: string;
}

/**
 * Mails the notices as alerts mail: only to an address verified at this moment, within the
 * account's mail budget (held back past it; the notification in the app stays). A lost mail is
 * logged, never retried by running the schedule again.
 */
export async function mailOwnerNotices(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'mailer' | 'limits' | 'publicUrl'>,
  input: { notices: readonly OwnerNotice[] },
): Promise<void> {
  if (input.notices.length === 0) return;
  const users = await deps.db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified_at'])
    .where('id', 'in', [...new Set(input.notices.map((notice) => notice.userId))])
    .execute();
  const owners = new Map(users.map((user) => [user.id, user]));
  const tasksUrl = new URL('/tasks', deps.publicUrl).toString();
  for (const notice of input.notices) {
    const user = owners.get(notice.userId);
    if (!user) continue;
    if (user.email_verified_at === null) {
      deps.log.info({ scheduleId: notice.scheduleId, userId: notice.userId }, 'schedule mail not sent: the address is not verified');
      continue;
    }
    if (!(await trySpendMailBudget(deps, notice.userId))) {
      deps.log.warn(
        { scheduleId: notice.scheduleId, userId: notice.userId },
        'schedule mail held back: the account reached its mail budget',
      );
      continue;
    }
    try {
      await sendMail(deps, {
        message: {
          to: user.email,
          subject: `Coinsight: ${notice.title}`,
          text: [notice.body, '', `See your tasks: ${tasksUrl}`].join('\n'),
        },
        when: 'now',
      });
    } catch (error) {
      await refundMailBudget(deps, notice.userId).catch(() => undefined);
      deps.log.error({ err: error, scheduleId: notice.scheduleId }, 'schedule mail failed');
    }
  }
}
