import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

// Liveness (the process serves) apart from readiness (send it traffic now).
describe(`probes (${process.env.TEST_DB})`, () => {
  it('/livez answers 200 without asking anything outside the process', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 ready when the database answers and every migration has run', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', db: 'up', migrations: 'current' });
    expect(res.json()).not.toHaveProperty('redis');
  });

  it('/readyz answers 503 while the database is behind this code (a migration has not run yet)', async () => {
    const { name } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`
      .execute(t.app.db)
      .then((r) => r.rows[0]!);
    await sql`delete from kysely_migration where name = ${name}`.execute(t.app.db);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', db: 'up', migrations: 'pending' });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(t.app.db);
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('/readyz answers 503 draining once shutdown has begun, while other requests are still served', async () => {
    t.app.lifecycle.draining = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'draining', db: 'up' });
      expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });
});
