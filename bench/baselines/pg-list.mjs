// Baseline P: a plain Fastify route running a list page's essential SQL with `pg` directly: no
// session check, no total, no validation, no reshaping. What the list case would cost if it were
// only its one statement. Started by bench/run.mjs with PORT and DATABASE_URL set.
//   GET /            hot-cache mode: the Twitter list's page 1, newest first, every time;
//   GET /?platform=…&page=…&limit=…&sortBy=…&sortOrder=…   realistic mode: the page drawn
//                    (lib/realistic.mjs, the list stream): its ids from the (platform, column, id)
//                    index by offset, then their rows and authors, as listPosts does.
import { createRequire } from 'node:module';
import { SORT_COLUMNS } from '../../packages/contracts/dist/index.js';

const require = createRequire(new URL('../../api/package.json', import.meta.url));
const Fastify = require('fastify');
const pg = require('pg');

const COLUMNS =
  '"posts"."id", "posts"."platform", "authors"."username", "posts"."text", "posts"."created_at", "posts"."likes", ' +
  '"posts"."comments", "posts"."shares", "posts"."views", "posts"."replies", "posts"."retweets", "posts"."media_type", ' +
  '"posts"."location", "posts"."reactions", "posts"."hashtags", "posts"."symbols", "posts"."sentiment"';
// Copied from what listPosts (api/src/services/social/list-posts.ts) sent for
// GET /api/social/twitter?limit=25 (Kysely's compiled text, parameters twitter, 25, 0).
const ROWS_SQL =
  `select ${COLUMNS} from "posts" inner join "authors" on "authors"."id" = "posts"."author_id" where "posts"."platform" = $1 ` +
  'order by "posts"."created_at" desc, "posts"."id" desc limit $2 offset $3';
// The deferred join: sortBy and sortOrder are checked against the contracts' lists before use.
const pageSql = (column, order) =>
  `select ${COLUMNS} from (select "id" from "posts" where "platform" = $1 order by "${column}" ${order}, "id" ${order} limit $2 offset $3) as "page" ` +
  `inner join "posts" on "posts"."id" = "page"."id" inner join "authors" on "authors"."id" = "posts"."author_id" ` +
  `order by "posts"."${column}" ${order}, "posts"."id" ${order}`;

// The api's default pool size, so P and the list case have the same number of connections.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10) });
const app = Fastify({ logger: false });
app.get('/', async (request, reply) => {
  const { platform, page, limit, sortBy, sortOrder } = request.query;
  if (platform === undefined) return { data: (await pool.query(ROWS_SQL, ['twitter', 25, 0])).rows };
  if (!SORT_COLUMNS[platform]?.includes(sortBy) || !['asc', 'desc'].includes(sortOrder)) return reply.code(400).send({ error: 'bad draw' });
  const size = Number(limit);
  return { data: (await pool.query(pageSql(sortBy, sortOrder), [platform, size, (Number(page) - 1) * size])).rows };
});
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0)),
);
