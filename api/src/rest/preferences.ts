import { updatePreferencesSchema } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../plugins/auth.js';
import { getPreferences, updatePreferences } from '../services/preferences/preferences.js';
import { signedInCallerOf } from './client.js';

/**
 * The signed-in account's display preferences over REST, as tRPC's `preferences` router: GET them,
 * PUT any of `timeZone`, `theme`, `numberFormat`. Both answer all three.
 */
export async function preferencesRoutes(app: FastifyInstance): Promise<void> {
  const guarded = { preHandler: requireUser };
  app.get('/api/preferences', guarded, async (request) => getPreferences(app.deps, {}, signedInCallerOf(request)));
  app.put('/api/preferences', guarded, async (request) =>
    updatePreferences(app.deps, updatePreferencesSchema.parse(request.body ?? {}), signedInCallerOf(request)),
  );
}
