import { z } from 'zod';

// Its own file: alerts.ts (an alert's optional webhook), webhooks.ts (which names the alert kinds
// in its event) and tasks.ts need it, and alerts.ts and webhooks.ts may not import each other.

export const WEBHOOK_URL_MESSAGE = 'webhookUrl must be an http(s) URL';
export const WEBHOOK_URL_MAX_LENGTH = 2048;

/**
 * http and https only (an endpoint on a plain-http intranet tunnel is a customer's choice; the
 * address check after DNS is what keeps it off our network), trimmed, at most `max` characters;
 * `message` answers anything else. Webhooks and scrape tasks' URL sources use it.
 */
export const httpUrlSchema = (field: string, message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, message);

export const webhookUrlSchema = httpUrlSchema('webhookUrl', WEBHOOK_URL_MESSAGE, WEBHOOK_URL_MAX_LENGTH);
