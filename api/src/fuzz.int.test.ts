import {
  changePasswordSchema,
  createSavedViewSchema,
  downloadQuerySchema,
  requestLogDownloadQuerySchema,
  listSavedViewsSchema,
  emailLinkSchema,
  forgotPasswordSchema,
  listQuerySchema,
  loginLinkRequestSchema,
  loginSchema,
  newsletterUnsubscribeSchema,
  renameSavedViewSchema,
  shareSavedViewSchema,
  resetPasswordSchema,
  searchDownloadQuerySchema,
  searchQuerySchema,
  signupSchema,
  SOCIAL_PLATFORMS,
  updatePreferencesSchema,
  updateProfileSchema,
  watchlistSetInputSchema,
  acceptTeamInvitationSchema,
  createAlertSchema,
  v1RequestLogQuerySchema,
  changeTeamPlanSchema,
  createTeamKeySchema,
  createTeamSchema,
  inviteTeamMemberSchema,
  renameTeamKeySchema,
  renameTeamSchema,
  setTeamBudgetSchema,
  setTeamMemberRoleSchema,
  setTeamTwoFactorSchema,
  createTaskScheduleSchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorSetupSchema,
  twoFactorSignInSchema,
} from '@coinsight/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './test/app.js';
import { bearer, signup } from './test/auth.js';
import { appRouter } from './trpc/root.js';

// docs/security.md §12 and §23: inputs generated from each endpoint's own zod schema (through its JSON
// Schema), mostly almost-valid and laced with what broke the database before (NUL characters,
// integers past PostgreSQL's range), never produce a 5xx on any REST path or tRPC procedure.

const SEED = 20_261_123;
const RUNS_PER_ENDPOINT = 12;

type JsonSchema = z.core.JSONSchema._JSONSchema;

const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '%00',
  "'; drop table users; --",
  '\ud800',
  ' ',
  '',
  'x'.repeat(5_000),
  '2147483648',
  '-1',
  '1e309',
  'NaN',
  '@',
  '../../etc/passwd',
  '{}',
  'null',
];
const NASTY_NUMBERS = [2_147_483_647, 2_147_483_648, -2_147_483_649, 2 ** 53, -(2 ** 53), -1, 0, 0.5, 1e308, -0];

const withNul = (s: string) => fc.nat({ max: s.length }).map((i) => `${s.slice(0, i)}\u0000${s.slice(i)}`);

// Most values look valid, so that requests get past the first check and reach the database.
const word = fc.stringMatching(/^[a-z][a-z0-9_]{2,12}$/);
const digits = fc.oneof(fc.nat({ max: 1_000 }).map(String), fc.constantFrom(...NASTY_NUMBERS.map(String)));

function stringFrom(schema: z.core.JSONSchema.BaseSchema): fc.Arbitrary<string> {
  const likely = schema.format === 'email' || /@/.test(schema.pattern ?? '') ? fc.emailAddress() : fc.oneof(word, digits);
  return fc.oneof(
    { weight: 4, arbitrary: likely },
    { weight: 3, arbitrary: likely.chain(withNul) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  );
}

function numberFrom(): fc.Arbitrary<number> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.nat({ max: 1_000 }) },
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  );
}

/** Values shaped by `schema`, plus near misses; refinements are not in JSON Schema, so those are fuzzed too. */
function arbitraryFrom(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (schema === undefined || typeof schema === 'boolean' || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => arbitraryFrom(v, depth + 1)));
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), fc.constantFrom(...NASTY_STRINGS));
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, arbitraryFrom(value, depth + 1)]),
      );
      const keys = Object.keys(properties);
      const full = fc.record(properties);
      // One or two fields at a time: with the rest absent, an optional parameter's value is
      // what the endpoint acts on instead of losing to another field's error.
      if (keys.length === 0) return full;
      const sparse = fc
        .subarray(keys, { minLength: 1, maxLength: Math.min(2, keys.length) })
        .chain((chosen) => fc.record(Object.fromEntries(chosen.map((k) => [k, properties[k] ?? fc.constant(null)]))));
      return fc.oneof(
        { weight: 3, arbitrary: full },
        { weight: 3, arbitrary: sparse },
        // Sometimes a parameter the endpoint does not know.
        { weight: 1, arbitrary: full.map((r) => ({ ...r, unexpected: '\u0000' })) },
      );
    }
    case 'array':
      return fc.array(arbitraryFrom(Array.isArray(schema.items) ? schema.items[0] : schema.items, depth + 1), { maxLength: 3 });
    case 'string':
      return stringFrom(schema);
    case 'integer':
    case 'number':
      return numberFrom();
    case 'boolean':
      return fc.boolean();
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function inputArbitrary(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  const json = schema ? z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) : undefined;
  // Now and then something of the wrong shape altogether.
  return fc.oneof({ weight: 9, arbitrary: arbitraryFrom(json) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
}

/** A query string for GET: every value as text, arrays as repeated parameters. */
function queryString(input: unknown): string {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return `?q=${encodeURIComponent(JSON.stringify(input) ?? '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    for (const item of Array.isArray(value) ? value : [value])
      params.append(key, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
  }
  return `?${params.toString()}`;
}

interface RestEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  schema?: z.ZodType;
  /** Where the input goes: the query for GET and for a POST that reads its query, else the JSON body. */
  inQuery?: boolean;
}

// Sign-out last: it ends the session every other protected call uses.
const REST: RestEndpoint[] = [
  { method: 'GET', url: '/api/health' },
  { method: 'POST', url: '/api/auth/signup', schema: signupSchema },
  { method: 'POST', url: '/api/auth/login', schema: loginSchema },
  { method: 'POST', url: '/api/auth/forgot-password', schema: forgotPasswordSchema },
  { method: 'POST', url: '/api/auth/reset-password', schema: resetPasswordSchema },
  { method: 'POST', url: '/api/auth/sign-in-link', schema: loginLinkRequestSchema },
  { method: 'POST', url: '/api/auth/sign-in-with-link', schema: emailLinkSchema },
  { method: 'GET', url: '/api/auth/user' },
  { method: 'PUT', url: '/api/users/profile', schema: updateProfileSchema },
  { method: 'PUT', url: '/api/users/change-password', schema: changePasswordSchema },
  ...SOCIAL_PLATFORMS.map((platform): RestEndpoint => ({
    method: 'GET',
    url: `/api/social/${platform}`,
    schema: listQuerySchema(platform),
  })),
  ...SOCIAL_PLATFORMS.map((platform): RestEndpoint => ({
    method: 'GET',
    url: `/api/social/${platform}/download`,
    schema: downloadQuerySchema(platform),
  })),
  { method: 'GET', url: '/api/social/search', schema: searchQuerySchema },
  { method: 'GET', url: '/api/social/search/download', schema: searchDownloadQuerySchema },
  { method: 'POST', url: '/api/users/verify-email', schema: emailLinkSchema },
  { method: 'POST', url: '/api/users/revert-email', schema: emailLinkSchema },
  { method: 'GET', url: '/api/newsletter/unsubscribe', schema: newsletterUnsubscribeSchema },
  { method: 'POST', url: '/api/newsletter/unsubscribe', schema: newsletterUnsubscribeSchema, inQuery: true },
  // A raw body of its own (a task's file); the query names it.
  { method: 'POST', url: '/api/tasks/uploads', schema: z.object({ filename: z.string().optional() }), inQuery: true },
  { method: 'GET', url: '/api/tasks/:id/download' },
  { method: 'GET', url: '/api/tasks/schedules' },
  { method: 'POST', url: '/api/tasks/schedules', schema: createTaskScheduleSchema },
  { method: 'GET', url: '/api/tasks/schedules/:id' },
  { method: 'POST', url: '/api/tasks/schedules/:id/pause' },
  { method: 'POST', url: '/api/tasks/schedules/:id/resume' },
  { method: 'DELETE', url: '/api/tasks/schedules/:id' },
  // Stripe's signed events (a raw JSON body); fuzzed unsigned, as a forger would send them.
  { method: 'POST', url: '/api/billing/stripe-webhook' },
  { method: 'GET', url: '/api/watchlist' },
  { method: 'PUT', url: '/api/watchlist', schema: watchlistSetInputSchema },
  // The coin is in the path; a body, if any, is ignored.
  { method: 'PUT', url: '/api/watchlist/:symbol' },
  { method: 'DELETE', url: '/api/watchlist/:symbol' },
  { method: 'GET', url: '/api/saved-views', schema: listSavedViewsSchema },
  { method: 'POST', url: '/api/saved-views', schema: createSavedViewSchema },
  // The id is in the path (here the literal ':id', a 400); the body is the new name.
  { method: 'PATCH', url: '/api/saved-views/:id', schema: renameSavedViewSchema },
  { method: 'DELETE', url: '/api/saved-views/:id' },
  { method: 'POST', url: '/api/saved-views/:id/share', schema: shareSavedViewSchema },
  // Teams: the team, member, invitation and key ids are in the path (fuzzed here as the literal segment).
  { method: 'GET', url: '/api/teams' },
  { method: 'POST', url: '/api/teams', schema: createTeamSchema },
  { method: 'POST', url: '/api/teams/invitations/accept', schema: acceptTeamInvitationSchema },
  { method: 'GET', url: '/api/teams/:teamId' },
  { method: 'PATCH', url: '/api/teams/:teamId', schema: renameTeamSchema },
  { method: 'DELETE', url: '/api/teams/:teamId' },
  { method: 'POST', url: '/api/teams/:teamId/invitations', schema: inviteTeamMemberSchema },
  { method: 'DELETE', url: '/api/teams/:teamId/invitations/:invitationId' },
  { method: 'PATCH', url: '/api/teams/:teamId/members/:userId', schema: setTeamMemberRoleSchema },
  { method: 'DELETE', url: '/api/teams/:teamId/members/:userId' },
  { method: 'PUT', url: '/api/teams/:teamId/two-factor', schema: setTeamTwoFactorSchema },
  { method: 'POST', url: '/api/teams/:teamId/leave' },
  { method: 'GET', url: '/api/teams/:teamId/keys' },
  { method: 'POST', url: '/api/teams/:teamId/keys', schema: createTeamKeySchema },
  { method: 'PATCH', url: '/api/teams/:teamId/keys/:id', schema: renameTeamKeySchema },
  { method: 'DELETE', url: '/api/teams/:teamId/keys/:id' },
  { method: 'GET', url: '/api/teams/:teamId/usage' },
  { method: 'GET', url: '/api/teams/:teamId/alerts' },
  { method: 'PUT', url: '/api/teams/:teamId/budget', schema: setTeamBudgetSchema },
  { method: 'GET', url: '/api/usage/requests/download', schema: requestLogDownloadQuerySchema },
  { method: 'POST', url: '/api/teams/:teamId/alerts', schema: createAlertSchema },
  { method: 'DELETE', url: '/api/teams/:teamId/alerts/:id' },
  { method: 'GET', url: '/api/teams/:teamId/requests', schema: v1RequestLogQuerySchema },
  { method: 'GET', url: '/api/teams/:teamId/billing' },
  { method: 'GET', url: '/api/teams/:teamId/invoices' },
  { method: 'PUT', url: '/api/teams/:teamId/plan', schema: changeTeamPlanSchema },
  { method: 'POST', url: '/api/teams/:teamId/checkout' },
  { method: 'POST', url: '/api/teams/:teamId/portal' },
  { method: 'GET', url: '/api/preferences' },
  { method: 'PUT', url: '/api/preferences', schema: updatePreferencesSchema },
  { method: 'POST', url: '/api/auth/two-factor', schema: twoFactorSignInSchema },
  { method: 'GET', url: '/api/users/two-factor' },
  { method: 'POST', url: '/api/users/two-factor/setup', schema: twoFactorSetupSchema },
  { method: 'POST', url: '/api/users/two-factor/confirm', schema: twoFactorConfirmSchema },
  { method: 'POST', url: '/api/users/two-factor/disable', schema: twoFactorDisableSchema },
  { method: 'GET', url: '/api/users/sessions' },
  // The session is in the path; fuzzed ids are refused (400) or no session of the caller (404).
  { method: 'DELETE', url: '/api/users/sessions/:id' },
  // Ends the caller's other sessions only: the fuzzing session stays.
  { method: 'POST', url: '/api/users/sessions/revoke-others' },
  { method: 'POST', url: '/api/auth/logout' },
];

/** A procedure's kind and input schema, read from the router itself so none is left out. */
function describeProcedure(path: string, procedure: unknown) {
  const def =
    (typeof procedure === 'function' || typeof procedure === 'object') && procedure !== null && '_def' in procedure ? procedure._def : null;
  if (typeof def !== 'object' || def === null || !('type' in def) || !('inputs' in def) || !Array.isArray(def.inputs))
    throw new Error(`${path} is not a procedure`);
  const input: unknown = def.inputs[0];
  return { path, type: def.type === 'query' ? 'query' : 'mutation', schema: input instanceof z.ZodType ? input : undefined };
}

const procedures: Array<[string, unknown]> = Object.entries(appRouter._def.procedures);
const PROCEDURES = procedures
  .map(([path, procedure]) => describeProcedure(path, procedure))
  .sort((a, b) => Number(a.path === 'auth.logout') - Number(b.path === 'auth.logout'));

/**
 * `METHOD /path` of every route in Fastify's printed route tree. A route under another prints as
 * its own segment, indented below it (`│   └── /:symbol (PUT, DELETE)` under `/api/watchlist`):
 * its path is its parents' and its own.
 */
function servedRoutes(tree: string): string[] {
  const parents: { depth: number; path: string }[] = [];
  return tree.split('\n').flatMap((line) => {
    const match = /── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) return [];
    const depth = match.index;
    while (parents.length > 0 && parents[parents.length - 1]!.depth >= depth) parents.pop();
    const path = `${parents[parents.length - 1]?.path ?? ''}${match[1]}`;
    parents.push({ depth, path });
    return (match[2] ?? '')
      .split(', ')
      .filter((m) => m !== '' && m !== 'HEAD' && m !== 'OPTIONS')
      .map((m) => `${m} ${path}`);
  });
}

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signup(t.app));
});

afterAll(async () => {
  await t?.close();
});

const runs = { seed: SEED, numRuns: RUNS_PER_ENDPOINT, endOnFailure: true };

describe(`fuzzed input never answers 5xx (${process.env.TEST_DB})`, () => {
  it('the REST table covers every /api route the app serves', () => {
    const served = servedRoutes(t.app.printRoutes({ commonPrefix: false })).filter((route) => route.includes(' /api/'));
    expect(served.length).toBeGreaterThan(5);
    expect(REST.map((e) => `${e.method} ${e.url}`).sort()).toEqual([...new Set(served)].sort());
  });

  it('every REST path', async () => {
    for (const endpoint of REST) {
      await fc.assert(
        fc.asyncProperty(inputArbitrary(endpoint.schema), async (input) => {
          const res = await t.app.inject({
            method: endpoint.method,
            url: endpoint.method === 'GET' || endpoint.inQuery ? `${endpoint.url}${queryString(input)}` : endpoint.url,
            headers: bearer(token),
            ...(endpoint.method === 'GET' || endpoint.method === 'DELETE'
              ? {}
              : endpoint.inQuery
                ? {
                    payload: 'List-Unsubscribe=One-Click',
                    headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
                  }
                : { payload: JSON.stringify(input) ?? 'null', headers: { ...bearer(token), 'content-type': 'application/json' } }),
          });
          expect(res.statusCode, `${endpoint.method} ${endpoint.url} ${JSON.stringify(input)} → ${res.body}`).toBeLessThan(500);
        }),
        runs,
      );
    }
  }, 300_000);

  it('every tRPC procedure', async () => {
    expect(PROCEDURES.length).toBeGreaterThan(10);
    for (const procedure of PROCEDURES) {
      await fc.assert(
        fc.asyncProperty(inputArbitrary(procedure.schema), async (input) => {
          const json = JSON.stringify(input) ?? 'null';
          const res =
            procedure.type === 'query'
              ? await t.app.inject({
                  method: 'GET',
                  url: `/trpc/${procedure.path}?input=${encodeURIComponent(json)}`,
                  headers: bearer(token),
                })
              : await t.app.inject({
                  method: 'POST',
                  url: `/trpc/${procedure.path}`,
                  payload: json,
                  headers: { ...bearer(token), 'content-type': 'application/json' },
                });
          expect(res.statusCode, `${procedure.path} ${json} → ${res.body}`).toBeLessThan(500);
        }),
        runs,
      );
    }
  }, 300_000);
});

describe(`the inputs that reached PostgreSQL as a 500 (${process.env.TEST_DB})`, () => {
  // The fuzzing above signed its user out.
  beforeAll(async () => {
    ({ token } = await signup(t.app));
  });

  it('docs/security.md §12: a NUL character is a 400 naming the field, on REST and tRPC', async () => {
    const rest = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a\u0000@example.com', password: 'x' } });
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toEqual({ error: 'email must not contain control characters', param: 'email' });
    const search = await t.app.inject({ method: 'GET', url: '/api/social/search?q=btc%00', headers: bearer(token) });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ error: 'q must not contain control characters', param: 'q' });
    const trpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/contact.send',
      payload: { name: 'Ann', email: 'ann@example.com', subject: 'general', message: 'hi\u0000' },
    });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.message).toBe('message must not contain control characters');
  });

  it('a counter filter past the column type is a 400 naming the parameter', async () => {
    const rest = await t.app.inject({ method: 'GET', url: '/api/social/twitter?minLikes=2147483648', headers: bearer(token) });
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toEqual({ error: 'minLikes must be a whole number from 0 to 2147483647', param: 'minLikes' });
    const input = encodeURIComponent(JSON.stringify({ maxShares: 2_147_483_648 }));
    const trpc = await t.app.inject({ method: 'GET', url: `/trpc/social.list.facebook?input=${input}`, headers: bearer(token) });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.message).toBe('maxShares must be a whole number from 0 to 2147483647');
  });
});
