import { PAST_DUE_GRACE_DAYS } from '@coinsight/contracts';
import type { ServiceDeps } from '../../deps.js';
import { accountRecipients } from '../../mail/recipients.js';
import { sendMail } from '../../mail/send.js';
import { accountBillingScreen } from '../screens.js';

// What a subscription's account is mailed when a payment fails and when its grace period ends.
const CHANGES = {
  payment_failed: {
    subject: 'Your Coinsight payment failed',
    lines: [
      `The last payment for your Coinsight Pro subscription failed. Your account keeps Pro's limits for ${PAST_DUE_GRACE_DAYS} days while the card is retried; after that it goes back to the Free plan's limits.`,
    ],
  },
  grace_expired: {
    subject: 'Your Coinsight account is back on the Free plan',
    lines: [
      `The payment for your Coinsight Pro subscription still failed ${PAST_DUE_GRACE_DAYS} days later, so your account is now on the Free plan's limits.`,
      'Once the payment goes through, Pro comes back on its own.',
    ],
  },
} as const;

/**
 * Mails the account that its payment failed (the grace period starts) or that it is back on Free,
 * after the answer: a person at their address, a team's owners and billing members at theirs.
 */
export async function mailSubscriptionChange(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'mailer' | 'publicUrl'>,
  input: { userId: string; change: keyof typeof CHANGES },
): Promise<void> {
  const mail = (await accountRecipients(deps, { accountIds: [input.userId], action: 'billing' })).get(input.userId);
  if (!mail) return;
  const { subject, lines } = CHANGES[input.change];
  const about = mail.team ? [`This is about the team ${mail.team.name}, whose billing you can manage.`, ''] : [];
  const link = mail.team
    ? `Update the team's card from its screen: ${accountBillingScreen(deps.publicUrl, mail.team)}`
    : `Update your card from the billing tab: ${accountBillingScreen(deps.publicUrl, null)}`;
  for (const person of mail.to) {
    const text = [`Hello ${person.username},`, '', ...about, ...lines, '', link].join('\n');
    await sendMail(deps, { message: { to: person.email, subject, text }, when: 'after-answer', event: `billing.${input.change}` });
  }
}
