import type {
  Alert,
  AnalysisReport,
  CreateTeamAlertInput,
  CreateTeamTaskInput,
  ListTeamTasksInput,
  RequestLogPage,
  Task,
  TeamAlertIdInput,
  TeamRequestLogQuery,
  TeamTaskIdInput,
  TaskUpload,
  TeamAction,
} from '@coinsight/contracts';
import { createAlert, deleteAlert } from '../alerts/alerts.js';
import type { SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { listRequestLogs } from '../request-log/list.js';
import { openTaskDownload, type Download } from '../tasks/download.js';
import { cancelTask, createTask, deleteTask, getTask, getTaskReport, listTasks, retryTask } from '../tasks/tasks.js';
import { saveUpload } from '../tasks/uploads.js';
import { teamAccess } from './access.js';

// A team's alerts, request log, tasks and task files: each checks the caller's membership and role
// (teamAccess) on the call, then runs the person's service as the team's account. A team's tasks
// are the team account's, so a scrape writes into the team's own dataset and an analysis or export
// of `dataset: 'mine'` reads it: the same code as a person's, owned by the team.

const as = async (deps: Pick<ServiceDeps, 'db'>, teamId: string, action: TeamAction, caller: SignedIn) =>
  (await teamAccess(deps, { teamId, action }, caller)).account;

/** A team alert from the web app or REST (owners, admins, members); it mails those who read the team's alerts. */
export async function createTeamAlert(
  deps: Pick<ServiceDeps, 'db' | 'webhooks'>,
  input: CreateTeamAlertInput,
  caller: SignedIn,
): Promise<Alert> {
  return createAlert(deps, input.alert, await as(deps, input.teamId, 'writeAlerts', caller));
}

export async function deleteTeamAlert(
  deps: Pick<ServiceDeps, 'db' | 'webhooks'>,
  input: TeamAlertIdInput,
  caller: SignedIn,
): Promise<{ deleted: true }> {
  return deleteAlert(deps, { id: input.id }, await as(deps, input.teamId, 'writeAlerts', caller));
}

/** The request log of every team key (the roles that read the team's usage), as GET /v1/usage/requests answers a team key. */
export async function teamRequestLog(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  input: TeamRequestLogQuery,
  caller: SignedIn,
): Promise<RequestLogPage> {
  const { teamId, ...query } = input;
  return listRequestLogs(deps, query, await as(deps, teamId, 'readUsage', caller));
}

type TaskDeps = Pick<ServiceDeps, 'db' | 'log' | 'tasks'>;

export async function listTeamTasks(deps: TaskDeps, input: ListTeamTasksInput, caller: SignedIn): Promise<Task[]> {
  return listTasks(deps, input.filter, await as(deps, input.teamId, 'readData', caller));
}

export async function getTeamTask(deps: TaskDeps, input: TeamTaskIdInput, caller: SignedIn): Promise<Task> {
  return getTask(deps, { id: input.id }, await as(deps, input.teamId, 'readData', caller));
}

export async function getTeamTaskReport(deps: TaskDeps, input: TeamTaskIdInput, caller: SignedIn): Promise<AnalysisReport> {
  return getTaskReport(deps, { id: input.id }, await as(deps, input.teamId, 'readData', caller));
}

/** A task of the team's (owners, admins, members): a scrape writes into the team's dataset. */
export async function createTeamTask(deps: TaskDeps, input: CreateTeamTaskInput, caller: SignedIn): Promise<Task> {
  const task = await createTask(deps, input.task, await as(deps, input.teamId, 'runTasks', caller));
  deps.log.info({ event: 'team.task_created', userId: caller.userId, teamId: input.teamId, taskId: task.id }, 'team task created');
  return task;
}

export async function cancelTeamTask(deps: TaskDeps, input: TeamTaskIdInput, caller: SignedIn): Promise<Task> {
  return cancelTask(deps, { id: input.id }, await as(deps, input.teamId, 'runTasks', caller));
}

export async function retryTeamTask(deps: TaskDeps, input: TeamTaskIdInput, caller: SignedIn): Promise<Task> {
  return retryTask(deps, { id: input.id }, await as(deps, input.teamId, 'runTasks', caller));
}

export async function deleteTeamTask(deps: TaskDeps, input: TeamTaskIdInput, caller: SignedIn): Promise<{ id: string }> {
  return deleteTask(deps, { id: input.id }, await as(deps, input.teamId, 'runTasks', caller));
}

/** An upload for a team scrape task (POST /api/tasks/uploads?teamId=…), counted against the team's plan. */
export async function saveTeamUpload(
  deps: Pick<ServiceDeps, 'db' | 'log'>,
  input: Parameters<typeof saveUpload>[1] & { teamId: string },
  caller: SignedIn,
): Promise<TaskUpload> {
  const { teamId, ...upload } = input;
  return saveUpload(deps, upload, await as(deps, teamId, 'runTasks', caller));
}

/** A team task's export or report (GET /api/tasks/:id/download?teamId=…), for those who read the team's data. */
export async function openTeamTaskDownload(
  deps: Parameters<typeof openTaskDownload>[0],
  input: TeamTaskIdInput,
  caller: SignedIn,
): Promise<Download> {
  return openTaskDownload(deps, { id: input.id }, await as(deps, input.teamId, 'readData', caller));
}
