import { TEAM_ROLES, teamRoleCan, type CreatedApiKey, type TeamDetail, type TeamRole, type TeamSummary } from '@coinsight/contracts';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { serverMessage } from '../../app/session';
import { FormAlert } from '../../components/forms';
import { Button, Select, TextField } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { AlertForm } from '../alerts/AlertForm';
import { describeAlert } from '../alerts/alertText';
import { RequestLog } from '../api-keys/RequestLog';
import { BillingTab } from '../billing/BillingTab';
import { ConfirmButton } from './ConfirmButton';
import styles from './TeamSection.module.css';
import { TeamNeedsTwoFactor, TeamTwoFactorRule } from './TeamTwoFactor';

export const TEAM_FAILED_MESSAGE = 'Something went wrong. Please try again.';
const ROLE_OPTIONS = TEAM_ROLES.map((role) => ({ value: role, label: role[0]!.toUpperCase() + role.slice(1) }));
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');
const isRole = (value: string): value is TeamRole => (TEAM_ROLES as readonly string[]).includes(value);

/** Runs a mutation and keeps its server message for the alert beside the form. */
function useAction() {
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
      return true;
    } catch (failure) {
      setError(serverMessage(failure) ?? TEAM_FAILED_MESSAGE);
      return false;
    }
  };
  return { error, run };
}

/** Settings → Team: the teams one belongs to (a switcher), and the chosen team's members, keys and usage as one's role allows. */
export function TeamSection() {
  const teams = trpc.teams.list.useQuery();
  // The chosen team is in the address (`team=`), so Stripe's checkout and portal, and the links in
  // the team's mail, come back to it.
  const [params, setParams] = useSearchParams();
  const chosen = params.get('team');
  const setChosen = (teamId: string) => setParams({ tab: 'team', team: teamId }, { replace: true });
  if (teams.isError) return <FormAlert tone="error">Your teams could not be loaded. Please try again.</FormAlert>;
  if (!teams.data) return <p className={styles.muted}>Loading teams…</p>;
  const current = teams.data.find((team) => team.id === chosen) ?? teams.data[0];
  return (
    <div className={styles.stack}>
      {teams.data.length > 1 ? (
        <Select
          label="Team"
          options={teams.data.map((team) => ({ value: team.id, label: `${team.name} (${team.role})` }))}
          value={current?.id}
          onChange={(event) => setChosen(event.target.value)}
        />
      ) : null}
      {current ? <TeamView key={current.id} summary={current} /> : <p className={styles.muted}>You are in no team yet.</p>}
      <CreateTeamForm onCreated={(team) => setChosen(team.id)} />
    </div>
  );
}

function CreateTeamForm({ onCreated }: { onCreated: (team: TeamSummary) => void }) {
  const utils = trpc.useUtils();
  const create = trpc.teams.create.useMutation();
  const [name, setName] = useState('');
  const { error, run } = useAction();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      onCreated(await create.mutateAsync({ name }));
      setName('');
      await utils.teams.list.invalidate();
    });
  };
  return (
    <form className={styles.box} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Create a team">
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <TextField label="New team name" maxLength={64} value={name} onChange={(event) => setName(event.target.value)} />
      <div className={styles.actions}>
        <Button type="submit" disabled={create.isPending}>
          Create team
        </Button>
      </div>
    </form>
  );
}

function TeamView({ summary }: { summary: TeamSummary }) {
  const team = trpc.teams.get.useQuery({ teamId: summary.id });
  if (team.isError) return <TeamNeedsTwoFactor teamId={summary.id} message={serverMessage(team.error) ?? TEAM_FAILED_MESSAGE} />;
  if (!team.data) return <p className={styles.muted}>Loading the team…</p>;
  const { role } = team.data;
  return (
    <div className={styles.stack} role="region" aria-label={`Team ${team.data.name}`}>
      <p>
        <strong>{team.data.name}</strong>: you are <strong>{role}</strong>; plan{' '}
        <strong>{team.data.plan === 'pro' ? 'Pro' : 'Free'}</strong>.
      </p>
      <Members team={team.data} />
      <TeamTwoFactorRule team={team.data} />
      {teamRoleCan(role, 'manageMembers') ? <Invitations team={team.data} /> : null}
      {teamRoleCan(role, 'readKeys') ? <TeamKeys teamId={team.data.id} canWrite={teamRoleCan(role, 'writeKeys')} /> : null}
      {teamRoleCan(role, 'readAlerts') ? <TeamAlerts teamId={team.data.id} canWrite={teamRoleCan(role, 'writeAlerts')} /> : null}
      {teamRoleCan(role, 'readUsage') ? (
        <section className={styles.box} aria-label="Team requests">
          <h3 className={styles.heading}>Requests</h3>
          <p className={styles.muted}>Every call made with the team&apos;s keys over the last 30 days, newest first.</p>
          <RequestLog teamId={team.data.id} />
        </section>
      ) : null}
      {teamRoleCan(role, 'renameTeam') ? <RenameTeam team={team.data} /> : null}
      {teamRoleCan(role, 'billing') ? (
        <section className={styles.box} aria-label="Team billing">
          <h3 className={styles.heading}>Billing</h3>
          <p className={styles.muted}>The team&apos;s plan, budget, usage and invoices: one bill for every team key.</p>
          <BillingTab teamId={team.data.id} />
        </section>
      ) : teamRoleCan(role, 'readUsage') ? (
        <TeamUsage teamId={team.data.id} />
      ) : null}
      <LeaveOrDelete team={team.data} />
    </div>
  );
}

function Members({ team }: { team: TeamDetail }) {
  const utils = trpc.useUtils();
  const setRole = trpc.teams.setRole.useMutation({ onSuccess: () => utils.teams.get.invalidate({ teamId: team.id }) });
  const remove = trpc.teams.removeMember.useMutation({ onSuccess: () => utils.teams.get.invalidate({ teamId: team.id }) });
  const { error, run } = useAction();
  const manages = teamRoleCan(team.role, 'manageMembers');
  return (
    <section className={styles.box} aria-label="Members">
      <h3 className={styles.heading}>Members</h3>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <ul className={styles.list}>
        {team.members.map((member) => (
          <li key={member.userId} className={styles.row}>
            <span className={styles.who}>
              {member.username} · {member.email}
              {member.twoFactor ? ' · two-factor on' : ' · no two-factor'}
            </span>
            {manages ? (
              <span className={styles.actions}>
                <Select
                  label={`Role of ${member.email}`}
                  options={ROLE_OPTIONS}
                  value={member.role}
                  onChange={(event) => {
                    const role = event.target.value;
                    if (isRole(role)) void run(() => setRole.mutateAsync({ teamId: team.id, userId: member.userId, role }));
                  }}
                />
                <ConfirmButton
                  size="sm"
                  label={`Remove ${member.username}`}
                  title={`Remove ${member.username} from ${team.name}?`}
                  confirmLabel="Remove member"
                  onConfirm={() => run(() => remove.mutateAsync({ teamId: team.id, userId: member.userId }))}
                >
                  {member.email} loses access to the team at once, and the team keys they created stop working.
                </ConfirmButton>
              </span>
            ) : (
              <span>{member.role}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Invitations({ team }: { team: TeamDetail }) {
  const utils = trpc.useUtils();
  const invite = trpc.teams.invite.useMutation({ onSuccess: () => utils.teams.get.invalidate({ teamId: team.id }) });
  const revoke = trpc.teams.revokeInvitation.useMutation({ onSuccess: () => utils.teams.get.invalidate({ teamId: team.id }) });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('member');
  const [sent, setSent] = useState<string | null>(null);
  const { error, run } = useAction();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    if (await run(() => invite.mutateAsync({ teamId: team.id, email, role }))) {
      setSent(`Invitation sent to ${email}.`);
      setEmail('');
    }
  };
  return (
    <section className={styles.box} aria-label="Invitations">
      <h3 className={styles.heading}>Invite a member</h3>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Invite a member" className={styles.stack}>
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
        {sent ? <FormAlert tone="success">{sent}</FormAlert> : null}
        <TextField label="Email address" type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        <Select
          label="Role"
          options={ROLE_OPTIONS}
          value={role}
          onChange={(event) => isRole(event.target.value) && setRole(event.target.value)}
        />
        <div className={styles.actions}>
          <Button type="submit" disabled={invite.isPending}>
            Send invitation
          </Button>
        </div>
      </form>
      {team.invitations.length > 0 ? (
        <ul className={styles.list} aria-label="Open invitations">
          {team.invitations.map((invitation) => (
            <li key={invitation.id} className={styles.row}>
              <span className={styles.who}>
                {invitation.email} · {invitation.role} · until {new Date(invitation.expiresAt).toLocaleDateString('en-US')}
              </span>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void run(() => revoke.mutateAsync({ teamId: team.id, invitationId: invitation.id }))}
              >
                Withdraw
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function TeamKeys({ teamId, canWrite }: { teamId: string; canWrite: boolean }) {
  const utils = trpc.useUtils();
  const keys = trpc.teams.keys.useQuery({ teamId });
  const create = trpc.teams.createKey.useMutation({ onSuccess: () => utils.teams.keys.invalidate({ teamId }) });
  const remove = trpc.teams.deleteKey.useMutation({ onSuccess: () => utils.teams.keys.invalidate({ teamId }) });
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const { error, run } = useAction();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      setCreated(await create.mutateAsync({ teamId, name, mode: 'live' }));
      setName('');
    });
  };
  return (
    <section className={styles.box} aria-label="Team API keys">
      <h3 className={styles.heading}>Team API keys</h3>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      {created ? (
        <div role="region" aria-label="New team key" className={styles.stack}>
          <p>Copy this key now and keep it somewhere safe: it will not be shown again.</p>
          <code className={styles.secretValue}>{created.secret}</code>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setCreated(null)}>
              Done
            </Button>
          </div>
        </div>
      ) : null}
      {canWrite ? (
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Create team key" className={styles.stack}>
          <TextField label="Team key name" maxLength={64} value={name} onChange={(event) => setName(event.target.value)} />
          <div className={styles.actions}>
            <Button type="submit" disabled={create.isPending}>
              Create team key
            </Button>
          </div>
        </form>
      ) : null}
      {keys.data?.length === 0 ? <p className={styles.muted}>The team has no API keys yet.</p> : null}
      <ul className={styles.list} aria-label="Team keys">
        {keys.data?.map((key) => (
          <li key={key.id} className={styles.row}>
            <span className={styles.who}>
              {key.name} · <code>{key.prefix}…</code> · {count.format(key.callsThisMonth)} calls this month
            </span>
            {canWrite ? (
              <Button size="sm" variant="ghost" onClick={() => void run(() => remove.mutateAsync({ teamId, id: key.id }))}>
                Delete {key.name}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function TeamUsage({ teamId }: { teamId: string }) {
  const usage = trpc.teams.usage.useQuery({ teamId });
  if (!usage.data) return null;
  const { calls, costMicros } = usage.data.usage;
  return (
    <section className={styles.box} aria-label="Team usage">
      <h3 className={styles.heading}>Usage this month</h3>
      <p>
        {count.format(calls)} calls over every team key, {usd.format(costMicros / 1_000_000)}: one bill for the team.
      </p>
    </section>
  );
}

function TeamAlerts({ teamId, canWrite }: { teamId: string; canWrite: boolean }) {
  const utils = trpc.useUtils();
  const alerts = trpc.teams.alerts.useQuery({ teamId });
  const remove = trpc.teams.deleteAlert.useMutation({ onSettled: () => utils.teams.alerts.invalidate({ teamId }) });
  const { error, run } = useAction();
  return (
    <section className={styles.box} aria-label="Team alerts">
      <h3 className={styles.heading}>Team alerts</h3>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      {alerts.data?.length === 0 ? <p className={styles.muted}>The team has no alerts yet.</p> : null}
      <ul className={styles.list} aria-label="Team alert list">
        {alerts.data?.map((alert) => (
          <li key={alert.id} className={styles.row}>
            <span className={styles.who}>{describeAlert(alert)}</span>
            {canWrite ? (
              <Button size="sm" variant="ghost" onClick={() => void run(() => remove.mutateAsync({ teamId, id: alert.id }))}>
                Delete alert {alert.id}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {canWrite ? <AlertForm teamId={teamId} /> : null}
    </section>
  );
}

function RenameTeam({ team }: { team: TeamDetail }) {
  const utils = trpc.useUtils();
  const rename = trpc.teams.rename.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.teams.list.invalidate(), utils.teams.get.invalidate({ teamId: team.id })]);
    },
  });
  const [name, setName] = useState(team.name);
  const [saved, setSaved] = useState(false);
  const { error, run } = useAction();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setSaved(await run(() => rename.mutateAsync({ teamId: team.id, name })));
  };
  return (
    <form className={styles.box} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Rename the team">
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      {saved ? <FormAlert tone="success">Team renamed.</FormAlert> : null}
      <TextField label="Team name" maxLength={64} value={name} onChange={(event) => setName(event.target.value)} />
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" disabled={rename.isPending}>
          Rename team
        </Button>
      </div>
    </form>
  );
}

function LeaveOrDelete({ team }: { team: TeamDetail }) {
  const utils = trpc.useUtils();
  const leave = trpc.teams.leave.useMutation({ onSuccess: () => utils.teams.list.invalidate() });
  const remove = trpc.teams.delete.useMutation({ onSuccess: () => utils.teams.list.invalidate() });
  const { error, run } = useAction();
  return (
    <div className={styles.stack}>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <div className={styles.actions}>
        <ConfirmButton
          label="Leave team"
          title={`Leave ${team.name}?`}
          confirmLabel="Leave team"
          onConfirm={() => run(() => leave.mutateAsync({ teamId: team.id }))}
        >
          You lose access to the team at once, and the team keys you created stop working. Only an invitation brings you back.
        </ConfirmButton>
        {teamRoleCan(team.role, 'deleteTeam') ? (
          <ConfirmButton
            label="Delete team"
            title={`Delete ${team.name}?`}
            confirmLabel="Delete team"
            onConfirm={() => run(() => remove.mutateAsync({ teamId: team.id }))}
          >
            Every team key stops working at once and every member loses access. This cannot be undone.
          </ConfirmButton>
        ) : null}
      </div>
    </div>
  );
}
