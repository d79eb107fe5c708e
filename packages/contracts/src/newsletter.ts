import { z } from 'zod';
import { mailboxSchema } from './mail-fields.js';

export const NEWSLETTER_MESSAGES = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address, like name@example.com',
  subscribed: 'Thanks for subscribing! New articles will reach your inbox.',
  alreadySubscribed: "You're already subscribed with this address.",
  failed: 'Failed to subscribe. Please try again.',
  tooMany: 'Too many sign-up attempts. Please try again later.',
} as const;

export const newsletterSubscribeSchema = z.object({
  email: mailboxSchema('Email', { required: NEWSLETTER_MESSAGES.emailRequired, invalid: NEWSLETTER_MESSAGES.emailInvalid }),
});

export type NewsletterSubscribeInput = z.input<typeof newsletterSubscribeSchema>;

export interface NewsletterSubscribeResult {
  status: 'subscribed' | 'already-subscribed';
}
