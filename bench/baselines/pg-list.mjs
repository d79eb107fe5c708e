// Baseline P: a plain Fastify route running the REST Twitter list's rows query (page 1, 25 rows)
// with `pg` directly: no session check, no total, no validation, no reshaping. What the list case
// would cost if it were only its one essential statement. Started by bench/run.mjs with PORT and
// DATABASE_URL set.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../api/package.json', import.meta.url));
const Fastify = require('fastify');
const pg = require('pg');

// Copied from what listPosts (api/src/services/social/list-posts.ts) sends for
// GET /api/social/twitter?limit=25 (Kysely's compiled text, parameters twitter, 25, 0).
const ROWS_SQL =
  'select "posts"."id", "posts"."platform", "authors"."username", "posts"."text", "posts"."created_at", "posts"."likes", ' +
  '"posts"."comments", "posts"."shares", "posts"."views", "posts"."replies", "posts"."retweets", "posts"."media_type", ' +
  '"posts"."location", "posts"."reactions", "posts"."hashtags", "posts"."symbols", "posts"."sentiment" ' +
  'from "posts" inner join "authors" on "authors"."id" = "posts"."author_id" where "posts"."platform" = $1 ' +
  'order by "posts"."created_at" desc, "posts"."id" desc limit $2 offset $3';

// The api's default pool size, so P and the list case have the same number of connections.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10) });
const app = Fastify({ logger: false });
app.get('/', async () => ({ data: (await pool.query(ROWS_SQL, ['twitter', 25, 0])).rows }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0)),
);
