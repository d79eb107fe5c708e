import { TEAM_PERMISSIONS, type TeamAction, type TeamRole } from '@coinsight/contracts';
import type { ServiceDeps } from '../deps.js';

/** One person a mail about an account goes to. */
export interface MailRecipient {
  userId: string;
  username: string;
  email: string;
  /** Mail goes only to a confirmed address (docs/security.md §25); the sender checks it at send time. */
  verified: boolean;
}

/** Who reads an account's mail, and, for a team's account, which team it is. */
export interface AccountMail {
  accountId: string;
  team: { id: string; name: string } | null;
  to: MailRecipient[];
}

/**
 * The people who read the mail addressed to each account: for a person, their own address; for a
 * team's account, whose own address is reserved (`.invalid`) and reaches nobody, the team's
 * members whose role may `action` (TEAM_PERMISSIONS: `billing` for budget and subscription mail,
 * so owners and billing members; `readAlerts` for alert mail), read at send time, so a member
 * removed or demoted since gets nothing. Every mail the product sends about an account (rather
 * than to an address someone typed) finds its recipients here. An account that no longer exists
 * is left out.
 */
export async function accountRecipients(
  deps: Pick<ServiceDeps, 'db'>,
  input: { accountIds: readonly string[]; action: TeamAction },
): Promise<Map<string, AccountMail>> {
  const ids = [...new Set(input.accountIds)];
  const result = new Map<string, AccountMail>();
  if (ids.length === 0) return result;
  const roles: readonly TeamRole[] = TEAM_PERMISSIONS[input.action];
  const [accounts, teams, members] = await Promise.all([
    deps.db.selectFrom('users').select(['id', 'username', 'email', 'email_verified_at']).where('id', 'in', ids).execute(),
    deps.db.selectFrom('teams').select(['id', 'name', 'account_id']).where('account_id', 'in', ids).execute(),
    deps.db
      .selectFrom('teams')
      .innerJoin('team_members', 'team_members.team_id', 'teams.id')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .select(['teams.account_id', 'users.id', 'users.username', 'users.email', 'users.email_verified_at'])
      .where('teams.account_id', 'in', ids)
      .where('team_members.role', 'in', roles)
      .orderBy('team_members.created_at')
      .orderBy('users.id')
      .execute(),
  ]);
  const teamOf = new Map(teams.map((team) => [team.account_id, { id: team.id, name: team.name }]));
  for (const account of accounts) {
    const team = teamOf.get(account.id) ?? null;
    const people = team ? members.filter((row) => row.account_id === account.id) : [account];
    result.set(account.id, {
      accountId: account.id,
      team,
      to: people.map((row) => ({ userId: row.id, username: row.username, email: row.email, verified: row.email_verified_at !== null })),
    });
  }
  return result;
}

/** Addresses under `.invalid` (RFC 2606: reserved, never delivered), such as a team account's own. */
export const isReservedAddress = (address: string) => /\.invalid\.?$/i.test(address.trim());
