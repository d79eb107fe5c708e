import {
  acceptTeamInvitationSchema,
  changeTeamPlanSchema,
  createTeamAlertSchema,
  teamAlertIdSchema,
  teamRequestLogQuerySchema,
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
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../plugins/auth.js';
import { createTeamAlert, deleteTeamAlert, teamRequestLog } from '../services/teams/data.js';
import { acceptInvitation, inviteMember, revokeInvitation } from '../services/teams/invitations.js';
import { leaveTeam, removeMember, setMemberRole } from '../services/teams/members.js';
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
} from '../services/teams/resources.js';
import { createTeam, deleteTeam, getTeam, listTeams, renameTeam } from '../services/teams/teams.js';
import { setTeamTwoFactor } from '../services/teams/two-factor-rule.js';
import { signedInCallerOf } from './client.js';

type TeamParams = { Params: { teamId: string } };
type MemberParams = { Params: { teamId: string; userId: string } };
type KeyParams = { Params: { teamId: string; id: string } };

const body = (request: { body: unknown }) => (typeof request.body === 'object' && request.body !== null ? request.body : {});

/**
 * Teams over REST, as tRPC's `teams` router (docs/accounts.md, "Teams"): the same services, which
 * check membership and role on every call. A team the caller is not in answers 404.
 */
export async function teamRoutes(app: FastifyInstance): Promise<void> {
  const guarded = { preHandler: requireUser };
  app.get('/api/teams', guarded, async (request) => listTeams(app.deps, {}, signedInCallerOf(request)));
  app.post('/api/teams', guarded, async (request, reply) => {
    const team = await createTeam(app.deps, createTeamSchema.parse(request.body), signedInCallerOf(request));
    return reply.code(201).send(team);
  });
  app.post('/api/teams/invitations/accept', guarded, async (request) =>
    acceptInvitation(app.deps, acceptTeamInvitationSchema.parse(request.body), signedInCallerOf(request)),
  );
  app.get<TeamParams>('/api/teams/:teamId', guarded, async (request) =>
    getTeam(app.deps, teamIdSchema.parse(request.params), signedInCallerOf(request)),
  );
  app.patch<TeamParams>('/api/teams/:teamId', guarded, async (request) =>
    renameTeam(app.deps, renameTeamSchema.parse({ ...body(request), teamId: request.params.teamId }), signedInCallerOf(request)),
  );
  app.delete<TeamParams>('/api/teams/:teamId', guarded, async (request) =>
    deleteTeam(app.deps, teamIdSchema.parse(request.params), signedInCallerOf(request)),
  );
  app.post<TeamParams>('/api/teams/:teamId/invitations', guarded, async (request) =>
    inviteMember(app.deps, inviteTeamMemberSchema.parse({ ...body(request), teamId: request.params.teamId }), signedInCallerOf(request)),
  );
  app.delete<{ Params: { teamId: string; invitationId: string } }>(
    '/api/teams/:teamId/invitations/:invitationId',
    guarded,
    async (request) => revokeInvitation(app.deps, teamInvitationIdSchema.parse(request.params), signedInCallerOf(request)),
  );
  app.patch<MemberParams>('/api/teams/:teamId/members/:userId', guarded, async (request) =>
    setMemberRole(app.deps, setTeamMemberRoleSchema.parse({ ...body(request), ...request.params }), signedInCallerOf(request)),
  );
  app.delete<MemberParams>('/api/teams/:teamId/members/:userId', guarded, async (request) =>
    removeMember(app.deps, teamMemberSchema.parse(request.params), signedInCallerOf(request)),
  );
  app.put<TeamParams>('/api/teams/:teamId/two-factor', guarded, async (request) =>
    setTeamTwoFactor(
      app.deps,
      setTeamTwoFactorSchema.parse({ ...body(request), teamId: request.params.teamId }),
      signedInCallerOf(request),
    ),
  );
  app.post<TeamParams>('/api/teams/:teamId/leave', guarded, async (request) =>
    leaveTeam(app.deps, teamIdSchema.parse(request.params), signedInCallerOf(request)),
  );
  app.get<TeamParams>('/api/teams/:teamId/keys', guarded, async (request) =>
    listTeamKeys(app.deps, teamIdSchema.parse(request.params), signedInCallerOf(request)),
  );
  app.post<TeamParams>('/api/teams/:teamId/keys', guarded, async (request, reply) => {
    const created = await createTeamKey(
      app.deps,
      createTeamKeySchema.parse({ ...body(request), teamId: request.params.teamId }),
      signedInCallerOf(request),
    );
    return reply.code(201).send(created);
  });
  app.patch<KeyParams>('/api/teams/:teamId/keys/:id', guarded, async (request) =>
    renameTeamKey(
      app.deps,
      renameTeamKeySchema.parse({ ...body(request), teamId: request.params.teamId, id: Number(request.params.id) }),
      signedInCallerOf(request),
    ),
  );
  app.delete<KeyParams>('/api/teams/:teamId/keys/:id', guarded, async (request) =>
    deleteTeamKey(
      app.deps,
      teamKeyIdSchema.parse({ teamId: request.params.teamId, id: Number(request.params.id) }),
      signedInCallerOf(request),
    ),
  );
  app.get<TeamParams>('/api/teams/:teamId/usage', guarded, async (request) =>
    teamUsage(app.deps, teamIdSchema.parse(request.params), signedInCallerOf(request)),
  );
  app.get<TeamParams>('/api/teams/:teamId/alerts', guarded, async (request) =>
    listTeamAlerts(app.deps, teamIdSchema.parse(request.params), signedInCallerOf(request)),
  );
  app.put<TeamParams>('/api/teams/:teamId/budget', guarded, async (request) =>
    setTeamBudget(app.deps, setTeamBudgetSchema.parse({ ...body(request), teamId: request.params.teamId }), signedInCallerOf(request)),
  );
  app.get<TeamParams>('/api/teams/:teamId/billing', guarded, async (request) =>
    teamBillingAccount(app.deps, teamIdSchema.parse(request.params), signedInCallerOf(request)),
  );
  app.get<TeamParams>('/api/teams/:teamId/invoices', guarded, async (request) =>
    teamInvoices(app.deps, teamIdSchema.parse(request.params), signedInCallerOf(request)),
  );
  app.put<TeamParams>('/api/teams/:teamId/plan', guarded, async (request) =>
    changeTeamPlan(app.deps, changeTeamPlanSchema.parse({ ...body(request), teamId: request.params.teamId }), signedInCallerOf(request)),
  );
  app.post<TeamParams>('/api/teams/:teamId/checkout', guarded, async (request) =>
    teamCheckout(app.deps, teamIdSchema.parse(request.params), signedInCallerOf(request)),
  );
  app.post<TeamParams>('/api/teams/:teamId/portal', guarded, async (request) =>
    teamPortal(app.deps, teamIdSchema.parse(request.params), signedInCallerOf(request)),
  );
  app.post<TeamParams>('/api/teams/:teamId/alerts', guarded, async (request, reply) => {
    const alert = await createTeamAlert(
      app.deps,
      createTeamAlertSchema.parse({ teamId: request.params.teamId, alert: body(request) }),
      signedInCallerOf(request),
    );
    return reply.code(201).send(alert);
  });
  app.delete<{ Params: { teamId: string; id: string } }>('/api/teams/:teamId/alerts/:id', guarded, async (request) =>
    deleteTeamAlert(
      app.deps,
      teamAlertIdSchema.parse({ teamId: request.params.teamId, id: Number(request.params.id) }),
      signedInCallerOf(request),
    ),
  );
  app.get<TeamParams>('/api/teams/:teamId/requests', guarded, async (request) =>
    teamRequestLog(
      app.deps,
      teamRequestLogQuerySchema.parse({ ...(request.query as object), teamId: request.params.teamId }),
      signedInCallerOf(request),
    ),
  );
}
