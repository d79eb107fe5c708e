import { findControlCharacter } from '@coinsight/contracts';
import fp from 'fastify-plugin';

/**
 * The edge of REST (/api/*) and /v1, for every route's input whatever its schema (docs/security.md §12):
 * - a control character (C0 but tab, LF, CR; DEL) in any string or key of the query string, the
 *   URL parameters or the JSON body is a 400 naming the field, thrown as a ZodError so that each
 *   scope's error handler answers it in its own shape ({ error } on REST, /v1's { error: { code } });
 * - a body is JSON: Fastify's text/plain parser is removed, so a text/plain body is a 415, as any
 *   other type without a parser is. Routes that take other bodies (the task upload's raw file, the
 *   newsletter's one-click form, tRPC) register their own parsers in their own scope.
 */
export const inputPlugin = fp(
  async (app) => {
    app.removeContentTypeParser('text/plain');
    app.addHook('preValidation', async (request) => {
      if (request.routeOptions.config.checksOwnInput) return;
      const problem = findControlCharacter(request.params) ?? findControlCharacter(request.query) ?? findControlCharacter(request.body);
      if (problem) throw problem;
    });
  },
  { name: 'input' },
);
