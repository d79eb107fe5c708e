import { createHmac, randomBytes } from 'node:crypto';

/** `whsec_` + 256 random bits: recognisable in a config file, strong as an HMAC-SHA256 key. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, as Stripe signs (docs/webhooks.md). */
export function signatureHeader(secret: string, body: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}
