import type { RateLimit, RateLimits } from '../rate-limit.js';

/** The public forms' limits: generous for a person, tight for a script. */
export interface SiteLimits {
  contactByIp: RateLimit;
  contactBySender: RateLimit;
  newsletterByIp: RateLimit;
  newsletterByAddress: RateLimit;
  sendEmailByUser: RateLimit;
}

export const CONTACT_LIMIT = { points: 5, durationSeconds: 60 * 60 };
export const NEWSLETTER_LIMIT = { points: 10, durationSeconds: 60 * 60 };
/** Mails one address may receive from the form in an hour, whoever fills it in. */
export const NEWSLETTER_ADDRESS_LIMIT = { points: 3, durationSeconds: 60 * 60 };
export const SEND_EMAIL_LIMIT = { points: 10, durationSeconds: 60 * 60 };

export function createSiteLimits(limits: RateLimits): SiteLimits {
  return {
    contactByIp: limits.create({ name: 'contact-ip', ...CONTACT_LIMIT }),
    contactBySender: limits.create({ name: 'contact-sender', ...CONTACT_LIMIT }),
    newsletterByIp: limits.create({ name: 'newsletter-ip', ...NEWSLETTER_LIMIT }),
    newsletterByAddress: limits.create({ name: 'newsletter-address', ...NEWSLETTER_ADDRESS_LIMIT }),
    sendEmailByUser: limits.create({ name: 'send-email-user', ...SEND_EMAIL_LIMIT }),
  };
}
