import type { SavedView, TeamSummary } from '@coinsight/contracts';
import { useState, type FormEvent } from 'react';
import { serverMessage } from '../../app/session';
import { Badge, Button, TextField } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { SavedViewShare } from './SavedViewShare';
import styles from './TableTools.module.css';

const CHANGE_FAILED = 'Could not change the view. Please try again.';

export interface SavedViewItemProps {
  view: SavedView;
  onApply: () => void;
  /** The teams the user may share their own views with (none: no "Share with team"). */
  shareTeams: readonly TeamSummary[];
}

/**
 * One saved view: its name applies it; rename in place, delete, or share one's own with a team.
 * A team's view carries the team's name, and Rename and Delete only when the server says the user
 * may change it (its creator, or the team's owners and admins).
 */
export function SavedViewItem({ view, onApply, shareTeams }: SavedViewItemProps) {
  const utils = trpc.useUtils();
  const refresh = () => utils.savedViews.list.invalidate({ table: view.table });
  const rename = trpc.savedViews.rename.useMutation({ onSuccess: refresh });
  const remove = trpc.savedViews.delete.useMutation({ onSuccess: refresh });
  const [editing, setEditing] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await rename.mutateAsync({ id: view.id, name: editing ?? '' });
      setEditing(null);
    } catch (caught) {
      setError(serverMessage(caught) ?? CHANGE_FAILED);
    }
  };
  const drop = async () => {
    setError(null);
    try {
      await remove.mutateAsync({ id: view.id });
    } catch (caught) {
      setError(serverMessage(caught) ?? CHANGE_FAILED);
    }
  };

  // Names may repeat across the user's own views and each team's, so labels say whose it is.
  const label = view.team ? `${view.name} of team ${view.team.name}` : view.name;
  if (sharing)
    return (
      <li className={styles.view}>
        <SavedViewShare view={view} teams={shareTeams} onDone={() => setSharing(false)} />
      </li>
    );
  if (editing !== null)
    return (
      <li className={styles.view}>
        <form className={styles.saveForm} onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label={`New name for ${label}`}
            value={editing}
            error={error ?? undefined}
            onChange={(e) => setEditing(e.target.value)}
          />
          <div className={styles.actions}>
            <Button type="submit" size="sm" disabled={rename.isPending}>
              Rename
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </div>
        </form>
      </li>
    );
  return (
    <li className={styles.view}>
      <button type="button" className={styles.apply} onClick={onApply} aria-label={`Apply view ${label}`}>
        {view.name}
      </button>
      {view.team ? (
        <Badge tone="info" className={styles.teamBadge}>
          Team: {view.team.name}
        </Badge>
      ) : null}
      {view.canChange || (!view.team && shareTeams.length > 0) ? (
        <div className={styles.actions}>
          {view.canChange ? (
            <>
              <Button size="sm" variant="ghost" onClick={() => setEditing(view.name)} aria-label={`Rename view ${label}`}>
                Rename
              </Button>
              <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => void drop()} aria-label={`Delete view ${label}`}>
                Delete
              </Button>
            </>
          ) : null}
          {!view.team && shareTeams.length > 0 ? (
            <Button size="sm" variant="ghost" onClick={() => setSharing(true)} aria-label={`Share view ${label} with a team`}>
              Share with team
            </Button>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}
