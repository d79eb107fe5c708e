import {
  acceptTeamInvitationSchema,
  changeTeamPlanSchema,
  createTeamAlertSchema,
  createTeamTaskSchema,
  listTeamTasksSchema,
  teamAlertIdSchema,
  teamRequestLogQuerySchema,
  teamTaskIdSchema,
  createTeamKeySchema,
  createTeamSchema,
  inviteTeamMemberSchema,
  renameTeamKeySchema,
  renameTeamSchema,
  setTeamBudgetSchema,
  setTeamMemberRoleSchema,
  setTeamTwoFactorSchema,
  teamIdSchema,
  teamInvitationIdSchema,
  teamKeyIdSchema,
  teamMemberSchema,
} from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import {
  cancelTeamTask,
  createTeamAlert,
  createTeamTask,
  deleteTeamAlert,
  deleteTeamTask,
  getTeamTask,
  getTeamTaskReport,
  listTeamTasks,
  retryTeamTask,
  teamRequestLog,
} from '../../services/teams/data.js';
import { acceptInvitation, inviteMember, revokeInvitation } from '../../services/teams/invitations.js';
import { leaveTeam, removeMember, setMemberRole } from '../../services/teams/members.js';
import {
  changeTeamPlan,
  createTeamKey,
  deleteTeamKey,
  listTeamAlerts,
  listTeamKeys,
  renameTeamKey,
  setTeamBudget,
  teamBillingAccount,
  teamCheckout,
  teamInvoices,
  teamPortal,
  teamUsage,
} from '../../services/teams/resources.js';
import { createTeam, deleteTeam, getTeam, listTeams, renameTeam } from '../../services/teams/teams.js';
import { setTeamTwoFactor } from '../../services/teams/two-factor-rule.js';
import { protectedProcedure } from '../trpc.js';

/**
 * Teams (docs/accounts.md, "Teams"): every procedure but list, create and accept names its team,
 * and the service checks the caller's membership and role on each call.
 */
export const teamsRouter = {
  list: protectedProcedure.query(({ ctx }) => listTeams(ctx.deps, {}, ctx.caller)),
  create: protectedProcedure.input(createTeamSchema).mutation(({ ctx, input }) => createTeam(ctx.deps, input, ctx.caller)),
  get: protectedProcedure.input(teamIdSchema).query(({ ctx, input }) => getTeam(ctx.deps, input, ctx.caller)),
  rename: protectedProcedure.input(renameTeamSchema).mutation(({ ctx, input }) => renameTeam(ctx.deps, input, ctx.caller)),
  delete: protectedProcedure.input(teamIdSchema).mutation(({ ctx, input }) => deleteTeam(ctx.deps, input, ctx.caller)),
  invite: protectedProcedure.input(inviteTeamMemberSchema).mutation(({ ctx, input }) => inviteMember(ctx.deps, input, ctx.caller)),
  revokeInvitation: protectedProcedure
    .input(teamInvitationIdSchema)
    .mutation(({ ctx, input }) => revokeInvitation(ctx.deps, input, ctx.caller)),
  accept: protectedProcedure.input(acceptTeamInvitationSchema).mutation(({ ctx, input }) => acceptInvitation(ctx.deps, input, ctx.caller)),
  setRole: protectedProcedure.input(setTeamMemberRoleSchema).mutation(({ ctx, input }) => setMemberRole(ctx.deps, input, ctx.caller)),
  removeMember: protectedProcedure.input(teamMemberSchema).mutation(({ ctx, input }) => removeMember(ctx.deps, input, ctx.caller)),
  setTwoFactor: protectedProcedure
    .input(setTeamTwoFactorSchema)
    .mutation(({ ctx, input }) => setTeamTwoFactor(ctx.deps, input, ctx.caller)),
  leave: protectedProcedure.input(teamIdSchema).mutation(({ ctx, input }) => leaveTeam(ctx.deps, input, ctx.caller)),
  keys: protectedProcedure.input(teamIdSchema).query(({ ctx, input }) => listTeamKeys(ctx.deps, input, ctx.caller)),
  createKey: protectedProcedure.input(createTeamKeySchema).mutation(({ ctx, input }) => createTeamKey(ctx.deps, input, ctx.caller)),
  renameKey: protectedProcedure.input(renameTeamKeySchema).mutation(({ ctx, input }) => renameTeamKey(ctx.deps, input, ctx.caller)),
  deleteKey: protectedProcedure.input(teamKeyIdSchema).mutation(({ ctx, input }) => deleteTeamKey(ctx.deps, input, ctx.caller)),
  usage: protectedProcedure.input(teamIdSchema).query(({ ctx, input }) => teamUsage(ctx.deps, input, ctx.caller)),
  alerts: protectedProcedure.input(teamIdSchema).query(({ ctx, input }) => listTeamAlerts(ctx.deps, input, ctx.caller)),
  createAlert: protectedProcedure.input(createTeamAlertSchema).mutation(({ ctx, input }) => createTeamAlert(ctx.deps, input, ctx.caller)),
  deleteAlert: protectedProcedure.input(teamAlertIdSchema).mutation(({ ctx, input }) => deleteTeamAlert(ctx.deps, input, ctx.caller)),
  /** The request log of the team's keys: the page GET /v1/usage/requests answers a team key. */
  requests: protectedProcedure.input(teamRequestLogQuerySchema).query(({ ctx, input }) => teamRequestLog(ctx.deps, input, ctx.caller)),
  /** The team's tasks, which write into and read the team's own dataset (files: POST /api/tasks/uploads?teamId=…, GET /api/tasks/:id/download?teamId=…). */
  tasks: protectedProcedure.input(listTeamTasksSchema).query(({ ctx, input }) => listTeamTasks(ctx.deps, input, ctx.caller)),
  task: protectedProcedure.input(teamTaskIdSchema).query(({ ctx, input }) => getTeamTask(ctx.deps, input, ctx.caller)),
  taskReport: protectedProcedure.input(teamTaskIdSchema).query(({ ctx, input }) => getTeamTaskReport(ctx.deps, input, ctx.caller)),
  createTask: protectedProcedure.input(createTeamTaskSchema).mutation(({ ctx, input }) => createTeamTask(ctx.deps, input, ctx.caller)),
  cancelTask: protectedProcedure.input(teamTaskIdSchema).mutation(({ ctx, input }) => cancelTeamTask(ctx.deps, input, ctx.caller)),
  retryTask: protectedProcedure.input(teamTaskIdSchema).mutation(({ ctx, input }) => retryTeamTask(ctx.deps, input, ctx.caller)),
  deleteTask: protectedProcedure.input(teamTaskIdSchema).mutation(({ ctx, input }) => deleteTeamTask(ctx.deps, input, ctx.caller)),
  setBudget: protectedProcedure.input(setTeamBudgetSchema).mutation(({ ctx, input }) => setTeamBudget(ctx.deps, input, ctx.caller)),
  billingAccount: protectedProcedure.input(teamIdSchema).query(({ ctx, input }) => teamBillingAccount(ctx.deps, input, ctx.caller)),
  invoices: protectedProcedure.input(teamIdSchema).query(({ ctx, input }) => teamInvoices(ctx.deps, input, ctx.caller)),
  checkout: protectedProcedure.input(teamIdSchema).mutation(({ ctx, input }) => teamCheckout(ctx.deps, input, ctx.caller)),
  portal: protectedProcedure.input(teamIdSchema).mutation(({ ctx, input }) => teamPortal(ctx.deps, input, ctx.caller)),
  changePlan: protectedProcedure.input(changeTeamPlanSchema).mutation(({ ctx, input }) => changeTeamPlan(ctx.deps, input, ctx.caller)),
} satisfies TRPCRouterRecord;
