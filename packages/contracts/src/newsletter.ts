import { z } from 'zod';
import { mailboxSchema } from './mail-fields.js';

export const NEWSLETTER_MESSAGES = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address, like name@example.com',
  // One answer whether the address was new, pending, confirmed or unsubscribed: the form must
  // not tell a stranger who is on the list. The mailbox's owner learns the rest by mail.
  subscribed: 'Thanks! Check your inbox: we sent you a link to confirm your subscription.',
  failed: 'Failed to subscribe. Please try again.',
  tooMany: 'Too many sign-up attempts. Please try again later.',
  confirmed: 'Your subscription is confirmed. New articles will reach your inbox.',
  confirmInvalid: 'This confirmation link is not valid. Check that you opened the whole link from the mail.',
  confirmExpired: 'This confirmation link has expired. Subscribe again to get a new one.',
  confirmUsed: 'This confirmation link has already been used.',
  confirmFailed: 'Your subscription could not be confirmed. Please try again.',
  unsubscribed: 'You have been unsubscribed. You will get no more newsletter mail from us.',
  unsubscribeInvalid: 'This unsubscribe link is not valid. Check that you opened the whole link from the mail.',
  unsubscribeFailed: 'You could not be unsubscribed. Please try again.',
} as const;

/** How long a confirmation link works. */
export const NEWSLETTER_CONFIRM_TTL_HOURS = 48;

export const newsletterSubscribeSchema = z.object({
  email: mailboxSchema('Email', { required: NEWSLETTER_MESSAGES.emailRequired, invalid: NEWSLETTER_MESSAGES.emailInvalid }),
});

export type NewsletterSubscribeInput = z.input<typeof newsletterSubscribeSchema>;

export interface NewsletterSubscribeResult {
  /** Always the same: a confirmation (or, for a confirmed address, a notice) went to the address. */
  status: 'confirmation-sent';
}

const token = (invalid: string) => z.string({ error: invalid }).trim().min(1, invalid).max(200, invalid);

export const newsletterConfirmSchema = z.object({ token: token(NEWSLETTER_MESSAGES.confirmInvalid) });
export const newsletterUnsubscribeSchema = z.object({ token: token(NEWSLETTER_MESSAGES.unsubscribeInvalid) });

export type NewsletterTokenInput = z.input<typeof newsletterConfirmSchema>;

export interface NewsletterConfirmResult {
  status: 'confirmed';
}

export interface NewsletterUnsubscribeResult {
  status: 'unsubscribed';
}
