import { z } from 'zod';
import { text } from './text.js';

export const API_KEY_NAME_MAX_LENGTH = 64;

export const API_KEY_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${API_KEY_NAME_MAX_LENGTH} characters long`,
  verifyFirst: 'Verify your email address before creating an API key',
  notFound: 'API key not found',
} as const;

const apiKeyName = text('Name', { error: API_KEY_MESSAGES.nameRequired })
  .trim()
  .min(1, API_KEY_MESSAGES.nameRequired)
  .max(API_KEY_NAME_MAX_LENGTH, API_KEY_MESSAGES.nameTooLong);

const apiKeyId = z.number({ error: 'id must be a whole number' }).int('id must be a whole number').positive('id must be a whole number');

/**
 * `live` keys (`cs_live_…`) read real data and are metered and billed; `test` keys (`cs_test_…`) get
 * the fixed test dataset's answers, are never metered or billed and have their own rate limit (docs/api-keys.md).
 */
export const API_KEY_MODES = ['live', 'test'] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];

/**
 * The documented public, read-only test key: the Sandbox uses it signed out, and anyone may use it
 * to try GET operations on the test dataset. It is no secret (docs/api-keys.md); it cannot create
 * alerts and is rate-limited per client address.
 */
export const PUBLIC_TEST_API_KEY = 'cs_test_public_sandbox';

/** A test key's own rate limit, per key, whatever the plan (docs/api-keys.md). */
export const TEST_KEY_REQUESTS_PER_MINUTE = 60;
/** The public test key's, per client address. */
export const PUBLIC_TEST_KEY_REQUESTS_PER_MINUTE = 30;

export const createApiKeySchema = z.object({
  name: apiKeyName,
  mode: z.enum(API_KEY_MODES, { error: 'mode must be live or test' }).default('live'),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export const renameApiKeySchema = z.object({ id: apiKeyId, name: apiKeyName });
export type RenameApiKeyInput = z.input<typeof renameApiKeySchema>;

export const apiKeyIdSchema = z.object({ id: apiKeyId });
export type ApiKeyIdInput = z.input<typeof apiKeyIdSchema>;

/** A key as lists show it: never the secret, only its display prefix (`cs_live_AbCd`). */
export interface ApiKey {
  id: number;
  name: string;
  prefix: string;
  /** From the secret's prefix: `cs_live_` or `cs_test_`. */
  mode: ApiKeyMode;
  createdAt: string;
  lastUsedAt: string | null;
  callsThisMonth: number;
}

/** The answer to creating a key: the only time the secret is ever shown. */
export interface CreatedApiKey {
  key: ApiKey;
  secret: string;
}
