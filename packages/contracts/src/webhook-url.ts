import { z } from 'zod';

// Its own file: alerts.ts (an alert's optional webhook) and webhooks.ts (which names the alert
// kinds in its event) both need it, and neither may import the other's module for it.

export const WEBHOOK_URL_MESSAGE = 'webhookUrl must be an http(s) URL';
export const WEBHOOK_URL_MAX_LENGTH = 2048;
/** Answered when the URL's host is (or resolves to) loopback, private, link-local, metadata or another non-public address. */
export const WEBHOOK_PUBLIC_ADDRESS_MESSAGE = 'webhookUrl must resolve to a public address';

/**
 * http and https only (an endpoint on a plain-http intranet tunnel is a customer's choice; the
 * address check after DNS is what keeps it off our network), at most 2048 characters.
 */
export const webhookUrlSchema = z
  .string({ error: WEBHOOK_URL_MESSAGE })
  .trim()
  .max(WEBHOOK_URL_MAX_LENGTH, `webhookUrl must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, WEBHOOK_URL_MESSAGE);
