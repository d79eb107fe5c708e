import { createHmac, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

const PREFIX = 'whsec_';

/** `whsec_` + standard base64 of 256 random bits: what Standard Webhooks' libraries take, strong as an HMAC-SHA256 key. */
export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * A stored secret as its owner sees it and Standard Webhooks' libraries take it: `whsec_` + standard
 * base64. Secrets issued before Standard Webhooks were URL-safe base64 without padding (which those
 * libraries refuse); Node's base64 decoder reads both alphabets, so this gives the same key bytes.
 */
export function standardSecret(stored: string): string {
  const material = stored.startsWith(PREFIX) ? stored.slice(PREFIX.length) : stored;
  return `${PREFIX}${Buffer.from(material, 'base64').toString('base64')}`;
}

/**
 * The strings that key the deprecated Coinsight-Signature for one stored secret: the string as
 * issued (what an integration from before saved) and, when it differs, the form shown now.
 */
export function legacyKeys(stored: string): string[] {
  const shown = standardSecret(stored);
  return shown === stored ? [stored] : [stored, shown];
}

/**
 * `webhook-signature`: one `v1,<base64>` entry per secret, space-separated (the rotation window
 * signs with two), each made by the `standardwebhooks` library over `<id>.<timestamp>.<body>`.
 */
export function standardSignature(secrets: readonly string[], id: string, timestampSeconds: number, body: string): string {
  const at = new Date(timestampSeconds * 1000);
  return secrets.map((secret) => new Webhook(standardSecret(secret)).sign(id, at, body)).join(' ');
}

/**
 * The deprecated `Coinsight-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256(key, "<t>.<body>")>`,
 * as Stripe signs, with one v1 per key string (docs/webhooks.md).
 */
export function legacySignature(keys: readonly string[], body: string, timestampSeconds: number): string {
  const entries = keys.map((key) => `v1=${createHmac('sha256', key).update(`${timestampSeconds}.${body}`).digest('hex')}`);
  return [`t=${timestampSeconds}`, ...entries].join(',');
}
