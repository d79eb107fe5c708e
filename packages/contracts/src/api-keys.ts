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

export const createApiKeySchema = z.object({ name: apiKeyName });
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
  createdAt: string;
  lastUsedAt: string | null;
  callsThisMonth: number;
}

/** The answer to creating a key: the only time the secret is ever shown. */
export interface CreatedApiKey {
  key: ApiKey;
  secret: string;
}
