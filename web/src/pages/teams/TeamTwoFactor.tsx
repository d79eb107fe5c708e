import { TEAM_MESSAGES, teamRoleCan, type TeamDetail } from '@coinsight/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { serverMessage } from '../../app/session';
import { FormAlert } from '../../components/forms';
import { Button } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import styles from './TeamSection.module.css';

const FAILED = 'Something went wrong. Please try again.';

/** Owners: require two-factor sign-in of every member; each member's state is in the members list. */
export function TeamTwoFactorRule({ team }: { team: TeamDetail }) {
  const utils = trpc.useUtils();
  const set = trpc.teams.setTwoFactor.useMutation({ onSuccess: () => utils.teams.get.invalidate({ teamId: team.id }) });
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  if (!teamRoleCan(team.role, 'requireTwoFactor')) {
    return team.requireTwoFactor ? <p className={styles.muted}>This team requires two-factor sign-in of every member.</p> : null;
  }
  const without = team.members.filter((member) => !member.twoFactor).length;
  return (
    <section className={styles.box} aria-label="Two-factor sign-in">
      <h3 className={styles.heading}>Two-factor sign-in</h3>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <label htmlFor={id} className={styles.row}>
        <span>Require two-factor sign-in of every member</span>
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={team.requireTwoFactor}
          disabled={set.isPending}
          onChange={(event) => {
            setError(null);
            set.mutate(
              { teamId: team.id, required: event.target.checked },
              { onError: (failure) => setError(serverMessage(failure) ?? FAILED) },
            );
          }}
        />
      </label>
      <p className={styles.muted}>
        Members without it reach the team again once they turn it on; they can still leave. The team&apos;s API keys keep working.
        {without > 0 ? ` ${without} member${without === 1 ? '' : 's'} without two-factor sign-in.` : ''}
      </p>
    </section>
  );
}

/** What a member of a team requiring two-factor sign-in sees without it: where to turn it on, and leaving. */
export function TeamNeedsTwoFactor({ teamId, message }: { teamId: string; message: string }) {
  const utils = trpc.useUtils();
  const leave = trpc.teams.leave.useMutation({ onSuccess: () => utils.teams.list.invalidate() });
  if (message !== TEAM_MESSAGES.twoFactorRequired) return <FormAlert tone="error">{message}</FormAlert>;
  return (
    <div className={styles.stack}>
      <FormAlert tone="error">{message}</FormAlert>
      <div className={styles.actions}>
        <Link to="/settings?tab=security">Turn on two-factor sign-in</Link>
        <Button variant="secondary" onClick={() => leave.mutate({ teamId })} disabled={leave.isPending}>
          Leave team
        </Button>
      </div>
    </div>
  );
}
