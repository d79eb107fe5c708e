// The shared public-address guard (net/public-address.ts) under the webhooks' names; every
// channel's target (webhooks included) is resolved through it by channels.ts.
export {
  isPublicAddress,
  PublicTargetError as WebhookTargetError,
  type PublicTarget as WebhookTarget,
  type ResolveAll,
} from '../net/public-address.js';
