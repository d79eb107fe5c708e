import type { SavedView } from '@coinsight/contracts';
import { useState, type FormEvent } from 'react';
import { serverMessage } from '../../app/session';
import { Button, TextField } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import styles from './TableTools.module.css';

const CHANGE_FAILED = 'Could not change the view. Please try again.';

/** One saved view: its name applies it; rename in place, or delete. */
export function SavedViewItem({ view, onApply }: { view: SavedView; onApply: () => void }) {
  const utils = trpc.useUtils();
  const refresh = () => utils.savedViews.list.invalidate({ table: view.table });
  const rename = trpc.savedViews.rename.useMutation({ onSuccess: refresh });
  const remove = trpc.savedViews.delete.useMutation({ onSuccess: refresh });
  const [editing, setEditing] = useState<string | null>(null);
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

  if (editing !== null)
    return (
      <li className={styles.view}>
        <form className={styles.saveForm} onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label={`New name for ${view.name}`}
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
      <button type="button" className={styles.apply} onClick={onApply} aria-label={`Apply view ${view.name}`}>
        {view.name}
      </button>
      <div className={styles.actions}>
        <Button size="sm" variant="ghost" onClick={() => setEditing(view.name)} aria-label={`Rename view ${view.name}`}>
          Rename
        </Button>
        <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => void drop()} aria-label={`Delete view ${view.name}`}>
          Delete
        </Button>
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}
