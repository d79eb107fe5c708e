import type { SavedView, TeamSummary } from '@coinsight/contracts';
import { useState, type FormEvent } from 'react';
import { serverMessage } from '../../app/session';
import { Button, Select } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import styles from './TableTools.module.css';

const SHARE_FAILED = 'Could not share the view. Please try again.';

/**
 * Shares one of the user's own views with a team they may share with (TEAM_PERMISSIONS.shareViews):
 * the view moves into the team, so it leaves "your" views and every member lists it.
 */
export function SavedViewShare({ view, teams, onDone }: { view: SavedView; teams: readonly TeamSummary[]; onDone: () => void }) {
  const utils = trpc.useUtils();
  const share = trpc.savedViews.share.useMutation({ onSuccess: () => utils.savedViews.list.invalidate({ table: view.table }) });
  const [teamId, setTeamId] = useState(teams[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await share.mutateAsync({ id: view.id, teamId });
      onDone();
    } catch (caught) {
      setError(serverMessage(caught) ?? SHARE_FAILED);
    }
  };

  return (
    <form className={styles.saveForm} onSubmit={(event) => void submit(event)} noValidate>
      <Select
        label={`Share ${view.name} with`}
        hint="It moves to the team: every member sees and applies it; you and the team's owners and admins may rename or delete it."
        value={teamId}
        error={error ?? undefined}
        options={teams.map((team) => ({ value: team.id, label: team.name }))}
        onChange={(e) => setTeamId(e.target.value)}
      />
      <div className={styles.actions}>
        <Button type="submit" size="sm" disabled={share.isPending}>
          Share
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
