import { PUBLIC_TEST_API_KEY, V1_OPERATIONS, v1OpenApiDocument } from '@coinsight/contracts';
import { seedAssets } from '@coinsight/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { signup } from '../test/auth.js';
import { insertKey } from '../test/keys.js';
import { expectDocumented } from '../test/v1.js';

// The contract lists every status the server answers, on each operation that can give it: each
// operation is sent what the framework and the front door refuse before any handler (a body past
// the 1 MiB limit, a body that is not JSON, no key, the public test key's writes), and whatever it
// answers must be a status its OpenAPI entry lists (expectDocumented fails otherwise).
const document = v1OpenApiDocument({ serverUrl: 'http://localhost:3000', version: 'test' });
const documentedStatuses = (path: string, method: string) =>
  Object.keys((document.paths?.[path] as Record<string, { responses: object }>)[method]!.responses).map(Number);

describe(`/v1 statuses documented (${process.env.TEST_DB})`, () => {
  let t: TestApp;
  let key: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    await seedAssets(t.app.db);
    const { user } = await signup(t.app);
    key = (await insertKey(t.app.db, user.id)).headers;
  });

  afterAll(async () => {
    await t?.close();
  });

  const oversized = JSON.stringify({ padding: 'x'.repeat(1_048_576 + 1) });

  for (const op of V1_OPERATIONS) {
    const params: Record<string, string> =
      ('examples' in op && op.examples && 'params' in op.examples ? op.examples.params : undefined) ?? {};
    const url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? '1');
    const method = op.method.toUpperCase() as 'GET' | 'POST' | 'DELETE';

    it(`${method} ${op.path}: every status it answers is documented`, async () => {
      const answers: number[] = [];
      const send = async (headers: Record<string, string>, payload?: string) => {
        const res = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
        expectDocumented(method, url, res);
        answers.push(res.statusCode);
        return res;
      };
      await send({ ...key, 'content-type': 'application/json' }, oversized);
      await send({ ...key, 'content-type': 'text/plain' }, 'hello');
      await send({ ...key, 'content-type': 'application/json' }, '{"not json');
      await send({});
      await send({ authorization: 'Bearer cs_live_unknown' });
      await send({ authorization: `Bearer ${PUBLIC_TEST_API_KEY}` });
      await send({ ...key }, undefined);
      expect(answers.length).toBe(7);
      // A body-taking operation refuses both bodies before its handler.
      if (method !== 'GET') expect(answers.slice(0, 2)).toEqual([413, 415]);
      // What no request of a test can provoke on demand, but any call may meet: a failure (500), the
      // database or the instance past capacity (503, plugins/overload.ts sheds every path but the probes).
      const statuses = documentedStatuses(op.path, op.method);
      expect(statuses).toEqual(expect.arrayContaining([400, 500, 503]));
      if (!('public' in op)) expect(statuses).toEqual(expect.arrayContaining([401, 429]));
    });
  }
});
