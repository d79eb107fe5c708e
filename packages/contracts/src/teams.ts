import { z } from 'zod';
import { alertIdSchema, createAlertSchema } from './alerts.js';
import { createApiKeySchema, renameApiKeySchema } from './api-keys.js';
import { emailSchema } from './auth.js';
import { changePlanSchema } from './billing.js';
import { setBudgetSchema } from './budget.js';
import { createTaskSchema, listTasksSchema, taskIdSchema } from './tasks.js';
import { v1RequestLogQuerySchema } from './v1/requests.js';
import type { PlanId } from './plans.js';
import { TEAM_ID_PATTERN } from './team-id.js';
import { text } from './text.js';

/** A team's roles, most powerful first (docs/accounts.md, "Teams"). */
export const TEAM_ROLES = ['owner', 'admin', 'member', 'billing'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/**
 * What each role may do in its team: the one table the server checks on every team read and write
 * (REST, tRPC) and the web app reads to show only what a role may use.
 */
export const TEAM_PERMISSIONS = {
  /** See the team, its members and its plan. */
  view: ['owner', 'admin', 'member', 'billing'],
  /** Rename the team. */
  renameTeam: ['owner', 'admin'],
  /** Delete the team. */
  deleteTeam: ['owner'],
  /** Invite, remove and change the role of members who are not owners (only owners touch owners). */
  manageMembers: ['owner', 'admin'],
  /** See the team's keys (by prefix, never a secret). */
  readKeys: ['owner', 'admin', 'member'],
  /** Create, rename and delete the team's keys. */
  writeKeys: ['owner', 'admin'],
  /** The team's usage: calls, cost, per key and per day, and the request log of its keys. */
  readUsage: ['owner', 'admin', 'member', 'billing'],
  /** The team's alerts (made with its keys on /v1, or from the web app). */
  readAlerts: ['owner', 'admin', 'member'],
  /** Share one's own saved view of a table with the team (every member lists and applies the team's views). */
  shareViews: ['owner', 'admin', 'member'],
  /** Rename and delete any of the team's saved views (their creator may always). */
  manageViews: ['owner', 'admin'],
  /** Create and delete the team's alerts. */
  writeAlerts: ['owner', 'admin', 'member'],
  /** Read the team's own dataset (the posts its tasks scraped or uploaded) and its tasks. */
  readData: ['owner', 'admin', 'member'],
  /** Create, cancel, retry and delete the team's tasks, which write into the team's dataset. */
  runTasks: ['owner', 'admin', 'member'],
  /** Plan, subscription, budget, invoices. */
  billing: ['owner', 'billing'],
  /** Require two-factor sign-in of every member. */
  requireTwoFactor: ['owner'],
  /** Leave the team (allowed without two-factor sign-in where the team requires it). */
  leave: ['owner', 'admin', 'member', 'billing'],
} as const satisfies Record<string, readonly TeamRole[]>;
export type TeamAction = keyof typeof TEAM_PERMISSIONS;

export function teamRoleCan(role: TeamRole, action: TeamAction): boolean {
  return (TEAM_PERMISSIONS[action] as readonly TeamRole[]).includes(role);
}

/** An invitation is open this long after it is sent. */
export const TEAM_INVITATION_TTL_DAYS = 7;
export const TEAM_NAME_MAX_LENGTH = 64;
/** Teams one account may belong to, and members (with open invitations) one team may have. */
export const TEAMS_PER_ACCOUNT = 20;
export const MEMBERS_PER_TEAM = 50;

export const TEAM_MESSAGES = {
  nameRequired: 'Team name is required',
  nameTooLong: `Team name must be at most ${TEAM_NAME_MAX_LENGTH} characters long`,
  notFound: 'Team not found',
  roleRefused: (role: TeamRole) => `A team ${role} cannot do this`,
  verifyFirst: 'Verify your email address before creating a team',
  tooManyTeams: `An account may belong to at most ${TEAMS_PER_ACCOUNT} teams`,
  teamFull: `A team has at most ${MEMBERS_PER_TEAM} members and open invitations`,
  invited: 'Invitation sent',
  alreadyMember: 'This address is already a member of the team',
  invitationNotFound: 'Invitation not found',
  invitationInvalid: 'This invitation is invalid, used or expired: ask the team for a new one',
  invitationOtherEmail: 'This invitation was sent to another email address: sign in with that address to accept it',
  memberNotFound: 'Member not found',
  ownersOnly: 'Only an owner can add, change or remove an owner',
  lastOwner: 'A team needs an owner: make another member owner first',
  cancelProFirst: "Cancel the team's Pro plan before deleting the team",
  twoFactorRequired: 'This team requires two-factor sign-in: turn it on in Settings → Security',
  twoFactorYoursFirst: 'Turn on two-factor sign-in for your own account before requiring it of the team',
} as const;

const teamName = text('Team name', { error: TEAM_MESSAGES.nameRequired })
  .trim()
  .min(1, TEAM_MESSAGES.nameRequired)
  .max(TEAM_NAME_MAX_LENGTH, TEAM_MESSAGES.nameTooLong);
const teamId = z.string({ error: 'teamId is required' }).regex(TEAM_ID_PATTERN, 'teamId is invalid');
const userId = z.string({ error: 'userId is required' }).regex(/^usr_[A-Za-z0-9_-]{16}$/, 'userId is invalid');
const role = z.enum(TEAM_ROLES, { error: `role must be one of: ${TEAM_ROLES.join(', ')}` });

export const createTeamSchema = z.object({ name: teamName });
export type CreateTeamInput = z.output<typeof createTeamSchema>;
export const teamIdSchema = z.object({ teamId });
export const renameTeamSchema = z.object({ teamId, name: teamName });
export type RenameTeamInput = z.output<typeof renameTeamSchema>;
export type TeamIdInput = z.output<typeof teamIdSchema>;
export const inviteTeamMemberSchema = z.object({ teamId, email: emailSchema, role });
export type InviteTeamMemberInput = z.output<typeof inviteTeamMemberSchema>;
export const teamInvitationIdSchema = z.object({
  teamId,
  invitationId: z.string({ error: 'invitationId is required' }).regex(/^tmi_[A-Za-z0-9_-]{16}$/, 'invitationId is invalid'),
});
export type TeamInvitationIdInput = z.output<typeof teamInvitationIdSchema>;
export const acceptTeamInvitationSchema = z.object({
  token: z
    .string({ error: TEAM_MESSAGES.invitationInvalid })
    .trim()
    .min(1, TEAM_MESSAGES.invitationInvalid)
    .max(200, TEAM_MESSAGES.invitationInvalid),
});
export type AcceptTeamInvitationInput = z.output<typeof acceptTeamInvitationSchema>;
export const teamMemberSchema = z.object({ teamId, userId });
export type TeamMemberInput = z.output<typeof teamMemberSchema>;
export const setTeamMemberRoleSchema = z.object({ teamId, userId, role });
export type SetTeamMemberRoleInput = z.output<typeof setTeamMemberRoleSchema>;
export const createTeamKeySchema = createApiKeySchema.extend({ teamId });
export type CreateTeamKeyInput = z.output<typeof createTeamKeySchema>;
export const renameTeamKeySchema = renameApiKeySchema.extend({ teamId });
export type RenameTeamKeyInput = z.output<typeof renameTeamKeySchema>;
export const teamKeyIdSchema = renameApiKeySchema.pick({ id: true }).extend({ teamId });
export type TeamKeyIdInput = z.output<typeof teamKeyIdSchema>;
export const setTeamBudgetSchema = setBudgetSchema.extend({ teamId });
export type SetTeamBudgetInput = z.output<typeof setTeamBudgetSchema>;
export const setTeamTwoFactorSchema = z.object({
  teamId,
  required: z.boolean({ error: 'required must be true or false' }),
});
export type SetTeamTwoFactorInput = z.output<typeof setTeamTwoFactorSchema>;
export const changeTeamPlanSchema = changePlanSchema.extend({ teamId });
export type ChangeTeamPlanInput = z.output<typeof changeTeamPlanSchema>;

/** A team alert: the alert's own fields (as `alerts.create`) under `alert`. */
export const createTeamAlertSchema = z.object({ teamId, alert: createAlertSchema });
export type CreateTeamAlertInput = z.output<typeof createTeamAlertSchema>;
export const teamAlertIdSchema = alertIdSchema.extend({ teamId });
export type TeamAlertIdInput = z.output<typeof teamAlertIdSchema>;
/** The request log of the team's keys: GET /v1/usage/requests's query, and the team. */
export const teamRequestLogQuerySchema = v1RequestLogQuerySchema.extend({ teamId });
export type TeamRequestLogQuery = z.output<typeof teamRequestLogQuerySchema>;
/** A team task: the task's own fields (as `tasks.create`) under `task`; it writes into the team's dataset. */
export const createTeamTaskSchema = z.object({ teamId, task: createTaskSchema });
export type CreateTeamTaskInput = z.output<typeof createTeamTaskSchema>;
export const teamTaskIdSchema = taskIdSchema.extend({ teamId });
export type TeamTaskIdInput = z.output<typeof teamTaskIdSchema>;
export const listTeamTasksSchema = z.object({ teamId, filter: listTasksSchema });
export type ListTeamTasksInput = z.output<typeof listTeamTasksSchema>;

/** A team as its member's list shows it. */
export interface TeamSummary {
  id: string;
  name: string;
  /** The caller's role in it. */
  role: TeamRole;
  plan: PlanId;
}

export interface TeamMember {
  userId: string;
  username: string;
  email: string;
  role: TeamRole;
  joinedAt: string;
  /** Signs in with a second factor (what a team requiring it needs of each member). */
  twoFactor: boolean;
}

export interface TeamInvitation {
  id: string;
  email: string;
  role: TeamRole;
  expiresAt: string;
}

/** One team: its members, and (for owners and admins) its open invitations. */
export interface TeamDetail extends TeamSummary {
  /** Members reach the team only with two-factor sign-in on. */
  requireTwoFactor: boolean;
  members: TeamMember[];
  invitations: TeamInvitation[];
}
