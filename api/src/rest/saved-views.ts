import { createSavedViewSchema, listSavedViewsSchema, renameSavedViewSchema, savedViewIdSchema } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../plugins/auth.js';
import { createSavedView, deleteSavedView, listSavedViews, renameSavedView } from '../services/saved-views/views.js';
import { signedInCallerOf } from './client.js';

/**
 * The signed-in account's saved views over REST, as tRPC's `savedViews` router: list a table's
 * (`?table=social.twitter`), save one (`{table, name, state}`), rename one (`{name}`), delete one.
 */
export async function savedViewsRoutes(app: FastifyInstance): Promise<void> {
  const guarded = { preHandler: requireUser };
  app.get('/api/saved-views', guarded, async (request) =>
    listSavedViews(app.deps, listSavedViewsSchema.parse(request.query), signedInCallerOf(request)),
  );
  app.post('/api/saved-views', guarded, async (request, reply) =>
    reply.code(201).send(await createSavedView(app.deps, createSavedViewSchema.parse(request.body), signedInCallerOf(request))),
  );
  app.patch<{ Params: { id: string } }>('/api/saved-views/:id', guarded, async (request) =>
    renameSavedView(
      app.deps,
      renameSavedViewSchema.parse({ ...(request.body as object | null), id: request.params.id }),
      signedInCallerOf(request),
    ),
  );
  app.delete<{ Params: { id: string } }>('/api/saved-views/:id', guarded, async (request) =>
    deleteSavedView(app.deps, savedViewIdSchema.parse({ id: request.params.id }), signedInCallerOf(request)),
  );
}
