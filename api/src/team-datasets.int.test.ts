import {
  TEAM_MESSAGES,
  type Alert,
  type AnalysisReport,
  type CreatedApiKey,
  type PostPage,
  type RequestLogPage,
  type SearchResults,
  type Task,
  type TaskUpload,
  type V1DataResponse,
} from '@coinsight/contracts';
import { seedAssets } from '@coinsight/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTask } from './services/tasks/run-task.js';
import { createTestApp, type TestApp } from './test/app.js';
import { bearer } from './test/auth.js';
import { makeTeam, teamPerson, type TeamPerson } from './test/teams.js';

// A team's own dataset, tasks, alerts and request log (docs/accounts.md, "Teams"), on PGlite and
// PostgreSQL: a member's upload and scrape task write into the team's dataset (not their own);
// members read it through `dataset=mine&teamId=…` on REST and tRPC, a team key through /v1's
// `dataset=mine`; the billing role neither runs tasks nor reads the data; a second team sees
// nothing of the first on any surface; removing a member ends their reads on the next request.

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const POSTS = 30;
const file = `${Array.from({ length: POSTS }, (_, i) =>
  JSON.stringify({
    id: `team-dot-${i}`,
    username: `desk_${i % 3}`,
    text: `$DOT team research note ${i}`,
    createdAt: ago((i + 1) * 60_000),
  }),
).join('\n')}\n`;

let t: TestApp;
let owner: TeamPerson;
let member: TeamPerson;
let billing: TeamPerson;
let rival: TeamPerson;
let teamId: string;
let rivalTeamId: string;
let teamKey: string;
let rivalKey: string;
let analysisId: string;

const uploadAs = (who: TeamPerson, team: string | null) =>
  t.app.inject({
    method: 'POST',
    url: `/api/tasks/uploads?filename=notes.jsonl${team ? `&teamId=${team}` : ''}`,
    headers: { ...who.headers, 'content-type': 'application/octet-stream' },
    payload: file,
  });
const run = (id: string) => runTask(t.app.deps, { taskId: id, signal: new AbortController().signal });
const v1 = (secret: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(secret) });

beforeAll(async () => {
  t = await createTestApp();
  await seedAssets(t.app.db);
  [owner, member, billing, rival] = [await teamPerson(t.app), await teamPerson(t.app), await teamPerson(t.app), await teamPerson(t.app)];
  ({ teamId } = await makeTeam(t.app, owner, 'Research desk', [
    [member, 'member'],
    [billing, 'billing'],
  ]));
  ({ teamId: rivalTeamId } = await makeTeam(t.app, rival, 'Rival desk'));
  teamKey = (await owner.rest('POST', `/api/teams/${teamId}/keys`, { name: 'desk' })).json<CreatedApiKey>().secret;
  rivalKey = (await rival.rest('POST', `/api/teams/${rivalTeamId}/keys`, { name: 'rival' })).json<CreatedApiKey>().secret;
});

afterAll(async () => {
  await t?.close();
});

describe(`a team's dataset (${process.env.TEST_DB})`, () => {
  it("a member's upload and scrape task write into the team's dataset; billing and other teams cannot run one", async () => {
    expect((await uploadAs(billing, teamId)).statusCode).toBe(403);
    const foreign = await uploadAs(rival, teamId);
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: TEAM_MESSAGES.notFound }]);
    const sent = await uploadAs(member, teamId);
    expect(sent.statusCode, sent.body).toBe(201);
    const { uploadId } = sent.json<TaskUpload>();
    const scrape = { type: 'scrape', title: 'desk notes', source: { kind: 'upload', uploadId, platform: 'twitter' } };
    // The team's upload is not the member's own: a personal task cannot use it.
    expect((await member.trpc.mutate('tasks.create', scrape)).status).toBe(400);
    expect((await billing.trpc.mutate('teams.createTask', { teamId, task: scrape })).error?.message).toBe(
      TEAM_MESSAGES.roleRefused('billing'),
    );
    expect((await rival.trpc.mutate('teams.createTask', { teamId, task: scrape })).status).toBe(404);
    const created = await member.trpc.mutate<Task>('teams.createTask', { teamId, task: scrape });
    expect(created.status, JSON.stringify(created.error)).toBe(200);
    expect(await run(created.data.id)).toBe('completed');
    const done = await owner.trpc.query<Task>('teams.task', { teamId, id: created.data.id });
    expect(done.data.resultSummary).toMatchObject({ inserted: POSTS });
    // Every member who reads the team's data sees its tasks; the member's own list is empty.
    expect((await owner.trpc.query<Task[]>('teams.tasks', { teamId })).data.map((task) => task.title)).toEqual(['desk notes']);
    expect((await member.trpc.query<Task[]>('tasks.list')).data).toEqual([]);
    expect((await billing.trpc.query('teams.tasks', { teamId })).status).toBe(403);
    expect((await rival.trpc.query('teams.tasks', { teamId })).status).toBe(404);
    expect((await rival.trpc.query('teams.task', { teamId: rivalTeamId, id: created.data.id })).status).toBe(404);
  });

  it("members read the team's dataset on REST and tRPC (lists and search); their own, billing and other teams do not", async () => {
    const list = await member.trpc.query<PostPage<'twitter'>>('social.list.twitter', { dataset: 'mine', teamId, limit: 100 });
    expect(list.status).toBe(200);
    expect(list.data.data).toHaveLength(POSTS);
    const rest = await owner.rest('GET', `/api/social/twitter?dataset=mine&teamId=${teamId}&limit=100`);
    expect(rest.statusCode).toBe(200);
    expect(rest.json<PostPage<'twitter'>>().data).toHaveLength(POSTS);
    const search = await owner.trpc.query<SearchResults>('social.search', { q: 'research', dataset: 'mine', teamId });
    expect(search.data.data.length).toBeGreaterThan(0);
    const searchRest = await member.rest('GET', `/api/social/search?q=research&dataset=mine&teamId=${teamId}`);
    expect(searchRest.json<SearchResults>().data.length).toBeGreaterThan(0);

    // The member's own dataset and the shared one are untouched.
    expect((await member.trpc.query<PostPage<'twitter'>>('social.list.twitter', { dataset: 'mine' })).data.data).toEqual([]);
    expect((await member.trpc.query<PostPage<'twitter'>>('social.list.twitter', {})).data.data).toEqual([]);
    // The billing role and another team: refused on both surfaces, another team's id never confirmed.
    const refused = await billing.rest('GET', `/api/social/twitter?dataset=mine&teamId=${teamId}`);
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: TEAM_MESSAGES.roleRefused('billing') }]);
    for (const url of [
      `/api/social/twitter?dataset=mine&teamId=${teamId}`,
      `/api/social/search?q=research&dataset=mine&teamId=${teamId}`,
    ]) {
      const res = await rival.rest('GET', url);
      expect([res.statusCode, res.json()]).toEqual([404, { error: TEAM_MESSAGES.notFound }]);
    }
    expect((await rival.trpc.query('social.search', { q: 'research', dataset: 'mine', teamId })).status).toBe(404);
    expect(
      (await rival.trpc.query<PostPage<'twitter'>>('social.list.twitter', { dataset: 'mine', teamId: rivalTeamId })).data.data,
    ).toEqual([]);
    // A team's id reads only its own dataset.
    const shared = await member.rest('GET', `/api/social/twitter?teamId=${teamId}`);
    expect(shared.statusCode).toBe(400);
    expect(shared.json<{ error: string }>().error).toBe("teamId reads a team's own dataset: use it with dataset mine");
  });

  it("/v1 with a team key reads the team's dataset as `mine`; another team's key reads its own (none)", async () => {
    const ours = await v1(teamKey, '/v1/data?dataset=mine&limit=100');
    expect(ours.statusCode, ours.body).toBe(200);
    expect(ours.json<V1DataResponse>().data).toHaveLength(POSTS);
    const theirs = await v1(rivalKey, '/v1/data?dataset=mine&limit=100');
    expect(theirs.json<V1DataResponse>().data).toEqual([]);
    expect((await v1(teamKey, `/v1/data?dataset=mine&teamId=${rivalTeamId}`)).statusCode).toBe(400);
  });

  it("a team analysis reads the team's dataset; its report and download are the team's readers' alone", async () => {
    const created = await owner.trpc.mutate<Task>('teams.createTask', {
      teamId,
      task: { type: 'analyze', title: 'DOT desk', query: { symbols: ['DOT'], dataset: 'mine' } },
    });
    expect(created.status).toBe(200);
    analysisId = created.data.id;
    expect(await run(analysisId)).toBe('completed');
    const report = await member.trpc.query<AnalysisReport>('teams.taskReport', { teamId, id: analysisId });
    expect(report.data.posts).toBe(POSTS);
    const download = await member.rest('GET', `/api/tasks/${analysisId}/download?teamId=${teamId}`);
    expect(download.statusCode).toBe(200);
    // Not through the member's own tasks, another team, or the billing role.
    expect((await member.rest('GET', `/api/tasks/${analysisId}/download`)).statusCode).toBe(404);
    expect((await rival.rest('GET', `/api/tasks/${analysisId}/download?teamId=${rivalTeamId}`)).statusCode).toBe(404);
    expect((await rival.rest('GET', `/api/tasks/${analysisId}/download?teamId=${teamId}`)).statusCode).toBe(404);
    expect((await billing.rest('GET', `/api/tasks/${analysisId}/download?teamId=${teamId}`)).statusCode).toBe(403);
    expect((await rival.trpc.query('teams.taskReport', { teamId, id: analysisId })).status).toBe(404);
  });

  it('members create team alerts (REST and tRPC); billing and other teams cannot; owners delete them', async () => {
    const made = await member.rest('POST', `/api/teams/${teamId}/alerts`, { symbol: 'DOT', price: 100, condition: 'above', email: false });
    expect(made.statusCode, made.body).toBe(201);
    const byTrpc = await owner.trpc.mutate<Alert>('teams.createAlert', {
      teamId,
      alert: { kind: 'mentions', symbol: 'DOT', mentions: 10, email: true },
    });
    expect(byTrpc.status, JSON.stringify(byTrpc.error)).toBe(200);
    expect((await billing.rest('POST', `/api/teams/${teamId}/alerts`, { symbol: 'DOT', price: 1, condition: 'above' })).statusCode).toBe(
      403,
    );
    const foreign = await rival.rest('POST', `/api/teams/${teamId}/alerts`, { symbol: 'DOT', price: 1, condition: 'above' });
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: TEAM_MESSAGES.notFound }]);
    const bad = await member.rest('POST', `/api/teams/${teamId}/alerts`, { symbol: 'DOT', condition: 'above' });
    expect(bad.statusCode).toBe(400);
    const listed = (await member.trpc.query<Alert[]>('teams.alerts', { teamId })).data;
    expect(listed.map((alert) => alert.kind).sort()).toEqual(['mentions', 'price']);
    // The team's alerts are its keys' too, and nobody's personal ones.
    expect((await v1(teamKey, '/v1/alerts')).json<{ data: unknown[] }>().data).toHaveLength(2);
    expect((await member.trpc.query<Alert[]>('alerts.list')).data).toEqual([]);
    const alertId = made.json<Alert>().id;
    expect((await rival.trpc.mutate('teams.deleteAlert', { teamId: rivalTeamId, id: alertId })).status).toBe(404);
    expect((await billing.rest('DELETE', `/api/teams/${teamId}/alerts/${alertId}`)).statusCode).toBe(403);
    expect((await owner.rest('DELETE', `/api/teams/${teamId}/alerts/${alertId}`)).statusCode).toBe(200);
    expect((await owner.trpc.query<Alert[]>('teams.alerts', { teamId })).data).toHaveLength(1);
  });

  it("the team's request log: every role that reads usage, the team's keys' calls only; another team sees none", async () => {
    await v1(teamKey, '/v1/usage');
    await v1(rivalKey, '/v1/usage');
    await t.app.requestLog.flush();
    for (const who of [owner, member, billing]) {
      const page = await who.trpc.query<RequestLogPage>('teams.requests', { teamId });
      expect(page.status).toBe(200);
      expect(page.data.data.length).toBeGreaterThan(0);
      expect(page.data.data.every((entry) => entry.key.prefix === teamKey.slice(0, entry.key.prefix.length))).toBe(true);
    }
    const rest = await billing.rest('GET', `/api/teams/${teamId}/requests?limit=5&status=2xx`);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<RequestLogPage>().data.length).toBeGreaterThan(0);
    expect((await rival.rest('GET', `/api/teams/${teamId}/requests`)).json()).toEqual({ error: TEAM_MESSAGES.notFound });
    const theirs = await rival.trpc.query<RequestLogPage>('teams.requests', { teamId: rivalTeamId });
    expect(theirs.data.data.every((entry) => entry.key.prefix === rivalKey.slice(0, entry.key.prefix.length))).toBe(true);
    expect((await member.trpc.query<RequestLogPage>('apiKeys.requests', {})).data.data).toEqual([]);
    // Its download: the same rows, for the same roles.
    const file = await billing.rest('GET', `/api/teams/${teamId}/requests?limit=100`);
    const download = await billing.rest('GET', `/api/usage/requests/download?format=json&teamId=${teamId}`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.json()).toEqual(file.json<RequestLogPage>().data);
    expect((await rival.rest('GET', `/api/usage/requests/download?teamId=${teamId}`)).json()).toEqual({ error: TEAM_MESSAGES.notFound });
  });

  it("a removed member's next read of the team's dataset is refused", async () => {
    expect((await owner.rest('DELETE', `/api/teams/${teamId}/members/${member.user.id}`)).statusCode).toBe(200);
    expect((await member.rest('GET', `/api/social/twitter?dataset=mine&teamId=${teamId}`)).statusCode).toBe(404);
    expect((await member.trpc.query('teams.taskReport', { teamId, id: analysisId })).status).toBe(404);
    expect((await member.rest('GET', `/api/tasks/${analysisId}/download?teamId=${teamId}`)).statusCode).toBe(404);
  });
});
