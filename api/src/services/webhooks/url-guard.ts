import { WEBHOOK_PUBLIC_ADDRESS_MESSAGE } from '@coinsight/contracts';
import { resolvePublicTarget, type PublicTarget, type ResolveAll } from '../net/public-address.js';

// The shared public-address guard (net/public-address.ts), worded for webhook URLs.
export {
  isPublicAddress,
  PublicTargetError as WebhookTargetError,
  type PublicTarget as WebhookTarget,
  type ResolveAll,
} from '../net/public-address.js';

/** Resolves a webhook URL's host and checks every address it resolves to (see resolvePublicTarget). */
export function resolveWebhookTarget(rawUrl: string, options: { allowPrivate: boolean; resolve?: ResolveAll }): Promise<PublicTarget> {
  return resolvePublicTarget(rawUrl, { ...options, field: 'webhookUrl', refusedMessage: WEBHOOK_PUBLIC_ADDRESS_MESSAGE });
}
