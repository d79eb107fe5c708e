import { randomBytes } from 'node:crypto';
import {
  MEMBERS_PER_TEAM,
  TEAM_INVITATION_TTL_DAYS,
  TEAM_MESSAGES,
  TEAMS_PER_ACCOUNT,
  type AcceptTeamInvitationInput,
  type InviteTeamMemberInput,
  type TeamInvitationIdInput,
  type TeamSummary,
} from '@coinsight/contracts';
import { sql } from 'kysely';
import { newOneTimeLink } from '../auth/one-time-link.js';
import { tokenHash } from '../auth/tokens.js';
import type { SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import type { MailMessage } from '../mail/mailer.js';
import { refundMailBudget, spendMailBudget } from '../mail/budget.js';
import { sendMail } from '../mail/send.js';
import { hasTwoFactor } from '../auth/two-factor/enrolment.js';
import { teamAccess } from './access.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The page an invitation opens, under PUBLIC_URL: it accepts it for the account signed in there. */
export const TEAM_INVITATION_PATH = '/team-invitation';

function invitationMail(to: string, input: { team: string; inviter: string; role: string; link: string }): MailMessage {
  return {
    to,
    subject: `You are invited to the team ${input.team} on Coinsight`,
    text: [
      `Hello,`,
      '',
      `${input.inviter} invites you to the team ${input.team} on Coinsight, as ${input.role}. To join, open this link within ${TEAM_INVITATION_TTL_DAYS} days, signed in with this email address (or sign up with it first):`,
      '',
      input.link,
      '',
      'The link works once. If you do not want to join, ignore this message.',
    ].join('\n'),
  };
}

type InviteDeps = Pick<ServiceDeps, 'db' | 'log' | 'now' | 'publicUrl' | 'mailer' | 'limits'>;

/**
 * Mails an invitation to join the team as `role` (owners and admins; only owners invite owners).
 * The token is a one-time link's (256 bits, only its SHA-256 stored), valid for
 * TEAM_INVITATION_TTL_DAYS; an earlier open invitation of the same address is withdrawn. Each mail
 * spends the inviter's mail budget, so invitations cannot be used to mail strangers in bulk.
 */
export async function inviteMember(deps: InviteDeps, input: InviteTeamMemberInput, caller: SignedIn): Promise<{ message: string }> {
  const access = await teamAccess(deps, { teamId: input.teamId, action: 'manageMembers' }, caller);
  if (input.role === 'owner' && access.role !== 'owner') throw new AppError('FORBIDDEN', TEAM_MESSAGES.ownersOnly);
  const link = newOneTimeLink(deps, { path: TEAM_INVITATION_PATH, ttlMs: TEAM_INVITATION_TTL_DAYS * DAY_MS });
  const now = deps.now();
  const team = await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('teams').select('name').where('id', '=', input.teamId).forUpdate().executeTakeFirstOrThrow();
    const member = await trx
      .selectFrom('team_members')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .select('users.id')
      .where('team_members.team_id', '=', input.teamId)
      .where(sql`lower(users.email)`, '=', input.email.toLowerCase())
      .executeTakeFirst();
    if (member) throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyMember, { param: 'email' });
    await trx
      .deleteFrom('team_invitations')
      .where('team_id', '=', input.teamId)
      .where(sql`lower(email)`, '=', input.email.toLowerCase())
      .where('accepted_at', 'is', null)
      .execute();
    const { count } = await trx
      .selectFrom((eb) =>
        eb
          .selectFrom('team_members')
          .select('user_id as x')
          .where('team_id', '=', input.teamId)
          .unionAll(
            eb
              .selectFrom('team_invitations')
              .select('id as x')
              .where('team_id', '=', input.teamId)
              .where('accepted_at', 'is', null)
              .where('expires_at', '>', now),
          )
          .as('seats'),
      )
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(count) >= MEMBERS_PER_TEAM) throw new AppError('FORBIDDEN', TEAM_MESSAGES.teamFull);
    await trx
      .insertInto('team_invitations')
      .values({
        id: `tmi_${randomBytes(12).toString('base64url')}`,
        team_id: input.teamId,
        email: input.email,
        role: input.role,
        token_hash: link.tokenHash,
        invited_by: caller.userId,
        expires_at: link.expiresAt,
        accepted_at: null,
      })
      .execute();
    return row;
  });
  const inviter = await deps.db.selectFrom('users').select('username').where('id', '=', caller.userId).executeTakeFirstOrThrow();
  await spendMailBudget(deps, caller.userId);
  try {
    await sendMail(deps, {
      message: invitationMail(input.email, { team: team.name, inviter: inviter.username, role: input.role, link: link.url }),
      when: 'now',
    });
  } catch (error) {
    await refundMailBudget(deps, caller.userId).catch(() => undefined);
    throw error;
  }
  deps.log.info({ event: 'team.invited', userId: caller.userId, teamId: input.teamId, role: input.role }, 'team invitation sent');
  return { message: TEAM_MESSAGES.invited };
}

/** Withdraws an open invitation (owners and admins): its link stops working at once. */
export async function revokeInvitation(
  deps: Pick<ServiceDeps, 'db' | 'log'>,
  input: TeamInvitationIdInput,
  caller: SignedIn,
): Promise<{ ok: true }> {
  await teamAccess(deps, { teamId: input.teamId, action: 'manageMembers' }, caller);
  const row = await deps.db
    .deleteFrom('team_invitations')
    .where('id', '=', input.invitationId)
    .where('team_id', '=', input.teamId)
    .where('accepted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', TEAM_MESSAGES.invitationNotFound);
  return { ok: true };
}

/**
 * Accepts an invitation for the signed-in account, which must have the invited address (compared
 * without case): the mailed token proves the mailbox, the session proves the account. Claimed in
 * one statement, so a link works once even when opened twice at the same time; unknown, used,
 * withdrawn and expired links are one answer. A link for another address is refused and stays
 * open for its addressee.
 */
export async function acceptInvitation(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'now'>,
  input: AcceptTeamInvitationInput,
  caller: SignedIn,
): Promise<TeamSummary> {
  const now = deps.now();
  const hash = tokenHash(input.token);
  const summary = await deps.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('email').where('id', '=', caller.userId).forUpdate().executeTakeFirstOrThrow();
    const open = await trx
      .selectFrom('team_invitations')
      .select(['id', 'email', 'team_id'])
      .where('token_hash', '=', hash)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!open) throw new AppError('BAD_REQUEST', TEAM_MESSAGES.invitationInvalid);
    if (open.email.toLowerCase() !== user.email.toLowerCase()) throw new AppError('FORBIDDEN', TEAM_MESSAGES.invitationOtherEmail);
    // Checked before the claim: the link stays open while its addressee turns two-factor on.
    const team = await trx.selectFrom('teams').select('require_two_factor').where('id', '=', open.team_id).executeTakeFirstOrThrow();
    if (team.require_two_factor && !(await hasTwoFactor(trx, caller.userId)))
      throw new AppError('FORBIDDEN', TEAM_MESSAGES.twoFactorRequired);
    const claimed = await trx
      .updateTable('team_invitations')
      .set({ accepted_at: now })
      .where('id', '=', open.id)
      .where('accepted_at', 'is', null)
      .returning(['team_id', 'role'])
      .executeTakeFirst();
    if (!claimed) throw new AppError('BAD_REQUEST', TEAM_MESSAGES.invitationInvalid);
    const { count } = await trx
      .selectFrom('team_members')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', caller.userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= TEAMS_PER_ACCOUNT) throw new AppError('FORBIDDEN', TEAM_MESSAGES.tooManyTeams);
    await trx
      .insertInto('team_members')
      .values({ team_id: claimed.team_id, user_id: caller.userId, role: claimed.role })
      .onConflict((oc) => oc.columns(['team_id', 'user_id']).doNothing())
      .execute();
    return trx
      .selectFrom('teams')
      .innerJoin('users', 'users.id', 'teams.account_id')
      .innerJoin('team_members', (join) =>
        join.onRef('team_members.team_id', '=', 'teams.id').on('team_members.user_id', '=', caller.userId),
      )
      .select(['teams.id', 'teams.name', 'team_members.role', 'users.plan'])
      .where('teams.id', '=', claimed.team_id)
      .executeTakeFirstOrThrow();
  });
  deps.log.info({ event: 'team.joined', userId: caller.userId, teamId: summary.id, role: summary.role }, 'team invitation accepted');
  return { id: summary.id, name: summary.name, role: summary.role, plan: summary.plan };
}
