import type { BlogArticle } from './article.js';

export const embeddedPostgres: BlogArticle = {
  slug: 'postgresql-in-webassembly-no-setup-needed',
  title: 'Running Coinsight with no setup: PostgreSQL in WebAssembly',
  excerpt:
    'One command starts the whole product with a real PostgreSQL database and no server to install. How the embedded mode works, why the database runs in a worker thread, and how the same code scales out.',
  imagePath: '/blog/embedded-postgres.svg',
  imageAlt: 'A database cylinder inside a browser-style window, linked to a server',
  author: 'Coinsight Engineering',
  category: 'Engineering',
  featured: false,
  publishedOn: '2026-10-20',
  body: `Trying out a data product usually starts with an afternoon of setup: a database server, a cache, a mail server, environment files. Coinsight starts with one command and nothing but Node.js, and it still runs on PostgreSQL. This post explains how.

## PostgreSQL, compiled to WebAssembly

Without a DATABASE_URL, Coinsight uses PGlite: PostgreSQL itself compiled to WebAssembly and run inside the Node.js process, with its files in a data folder. It is not an imitation of PostgreSQL, so the same migrations, the same SQL, the same full-text search and the same constraints run in the embedded mode and in production. The first start creates the schema and adds demo data; later starts reuse the folder.

## Why the database lives in a worker thread

PGlite runs each query synchronously on the thread that owns it. We measured what that means on the main thread: while a query runs, the event loop stops, and every other request waits, including the cheap ones. So PGlite lives in a worker thread, and a small driver sends it queries and hands the answers back. A slow query now delays only the queries behind it, not the whole server.

PGlite is a single session, so the driver also hands its connection to one caller at a time. A transaction owns it from begin to commit, and no query from outside can slip into the middle of it and be rolled back with it.

## The same code, scaled out

Everything the embedded mode keeps inside the process has a production counterpart chosen by one environment variable:

- DATABASE_URL moves the data to a PostgreSQL server.
- REDIS_URL moves the rate-limit and quota counters to Redis, shared by every instance.
- SMTP_URL sends mail through a real mail server; without it, mail is stored in an outbox table and printed to the log, so a reset link is still readable on a laptop.

Nothing else changes. The configuration is checked once at start, and a wrong value stops the start with one message naming every problem, rather than failing later on the first request that needs it.

## Try it

With Node.js 20.19 or newer, install the dependencies and run the start command from the README. The app answers on port 3000 with the market, social and blog data already in place.`,
};
