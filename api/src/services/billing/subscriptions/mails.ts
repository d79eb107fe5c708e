import { PAST_DUE_GRACE_DAYS } from '@coinsight/contracts';
import { sendLater } from '../../auth/mails.js';
import type { ServiceDeps } from '../../deps.js';
import { billingTab } from './checkout.js';

// What a subscription's account is mailed when a payment fails and when its grace period ends.

/** Mails the account that its payment failed (the grace period starts) or that it is back on Free. */
export async function mailSubscriptionChange(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'mailer' | 'publicUrl'>,
  input: { userId: string; change: 'payment_failed' | 'grace_expired' },
): Promise<void> {
  const user = await deps.db.selectFrom('users').select(['email', 'username']).where('id', '=', input.userId).executeTakeFirstOrThrow();
  if (input.change === 'grace_expired')
    sendLater(deps, graceExpiredMail(user.email, user.username, deps.publicUrl), 'billing.grace_expired');
  else sendLater(deps, paymentFailedMail(user.email, user.username, deps.publicUrl), 'billing.payment_failed');
}

function paymentFailedMail(to: string, username: string, publicUrl: string) {
  return {
    to,
    subject: 'Your Coinsight payment failed',
    text: [
      `Hello ${username},`,
      '',
      `The last payment for your Coinsight Pro subscription failed. Your account keeps Pro's limits for ${PAST_DUE_GRACE_DAYS} days while the card is retried; after that it goes back to the Free plan's limits.`,
      '',
      `Update your card from the billing tab: ${billingTab(publicUrl)}`,
    ].join('\n'),
  };
}

function graceExpiredMail(to: string, username: string, publicUrl: string) {
  return {
    to,
    subject: 'Your Coinsight account is back on the Free plan',
    text: [
      `Hello ${username},`,
      '',
      `The payment for your Coinsight Pro subscription still failed ${PAST_DUE_GRACE_DAYS} days later, so your account is now on the Free plan's limits.`,
      'Once the payment goes through, Pro comes back on its own.',
      '',
      `Update your card from the billing tab: ${billingTab(publicUrl)}`,
    ].join('\n'),
  };
}
